// One camera's live picture: the server's HTTP-FLV stream played by mpegts.js through Media
// Source Extensions (H.264, no plug-in), with its low-latency settings: no stash buffer, and the
// playback rate raised a little whenever more than a second waits in the buffer, so the picture
// stays about half a second behind the camera instead of drifting.
import type Mpegts from 'mpegts.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type LivePlayerProps = {
  camera: number;
  url: string;
  /** Told once the first picture shows. */
  onFirstFrame?: () => void;
};

export function LivePlayer({ camera, url, onFirstFrame }: LivePlayerProps) {
  const { t } = useTranslation('live-camera');
  const video = useRef<HTMLVideoElement>(null);
  const firstFrame = useRef(onFirstFrame);
  firstFrame.current = onFirstFrame;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let player: Mpegts.Player | undefined;
    let gone = false;
    void import('mpegts.js').then(({ default: mpegts }) => {
      if (gone || !mpegts.isSupported()) return;
      mpegts.LoggingControl.enableAll = false;
      player = mpegts.createPlayer(
        { type: 'flv', isLive: true, hasAudio: false, url: new URL(url, window.location.href).toString() },
        {
          enableWorker: false,
          enableStashBuffer: false,
          liveBufferLatencyChasing: true,
          liveBufferLatencyMaxLatency: 1,
          liveBufferLatencyMinRemain: 0.2,
        },
      );
      player.attachMediaElement(element);
      player.load();
      void Promise.resolve(player.play()).catch(() => undefined);
    });
    const shown = () => {
      element.dataset.firstFrame = String(performance.now());
      firstFrame.current?.();
    };
    element.addEventListener('loadeddata', shown, { once: true });
    return () => {
      gone = true;
      element.removeEventListener('loadeddata', shown);
      player?.destroy();
    };
  }, [url]);

  return (
    <figure style={{ margin: 0 }}>
      <video
        ref={video}
        data-camera={camera}
        muted
        autoPlay
        playsInline
        aria-label={t('camera', { n: camera })}
        style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', display: 'block' }}
      />
      <figcaption style={{ fontSize: 12, marginTop: 4 }}>{t('camera', { n: camera })}</figcaption>
    </figure>
  );
}
