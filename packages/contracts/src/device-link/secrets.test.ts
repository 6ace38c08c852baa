// A command as people see it keeps what was asked and drops the device's credentials: a
// live-start's stream name and RTMP addresses, a video-upload's signed PUT address, and any such
// address a device's error text quotes back.
import { describe, expect, it } from 'vitest';
import { REDACTED, redactCommandSecrets } from './secrets.ts';

describe('redactCommandSecrets', () => {
  it('drops stream names and signed addresses, keeps the rest', () => {
    const liveStart = {
      stream: 'k3y_k3y_k3y',
      cameras: [{ camera: 1, publish_url: 'rtmp://media.example:1935/live/k3y_k3y_k3y-cam1?sign=1-abc' }],
    };
    expect(redactCommandSecrets(liveStart)).toEqual({
      stream: REDACTED,
      cameras: [{ camera: 1, publish_url: REDACTED }],
    });
    const upload = { camera: 2, from: 'a', to: 'b', upload_url: 'https://files.example/o?X-Amz-Signature=1' };
    expect(redactCommandSecrets(upload)).toEqual({ camera: 2, from: 'a', to: 'b', upload_url: REDACTED });
    expect(redactCommandSecrets({ thresholds: { impact: { threshold: 2, duration: 10 } } })).toEqual({
      thresholds: { impact: { threshold: 2, duration: 10 } },
    });
  });

  it("takes addresses out of a device's words", () => {
    expect(
      redactCommandSecrets('publishing to rtmp://10.0.0.2:1935/live/abc-cam1?sign=9-f failed: refused'),
    ).toBe(`publishing to ${REDACTED} failed: refused`);
    expect(redactCommandSecrets('PUT https://s.example/o?token=x&expires=2 answered 403')).toBe(
      `PUT ${REDACTED} answered 403`,
    );
    expect(redactCommandSecrets('see https://docs.example/help')).toBe('see https://docs.example/help');
    expect(redactCommandSecrets(null)).toBeNull();
  });
});
