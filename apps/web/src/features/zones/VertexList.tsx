// The outline's points as text, the drawing's accessible twin: each point's longitude and latitude
// in its own labelled input, a button to remove it, and a point added by typing its coordinates.
import type { LngLat } from '@fleetlens/contracts';
import { Button, InputNumber, type InputNumberProps, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type VertexListProps = { ring: readonly LngLat[]; onChange: (ring: LngLat[]) => void };

export function VertexList({ ring, onChange }: VertexListProps) {
  const { t } = useTranslation('zones');
  const [lng, setLng] = useState<number | null>(null);
  const [lat, setLat] = useState<number | null>(null);
  const change = (index: number, axis: 0 | 1, v: number | null) => {
    if (v === null) return;
    const next = ring.map((p) => [p[0], p[1]] as LngLat);
    const point = next[index];
    if (!point) return;
    next[index] = axis === 0 ? [v, point[1]] : [point[0], v];
    onChange(next);
  };
  const add = () => {
    if (lng === null || lat === null) return;
    onChange([...ring, [lng, lat]]);
    setLng(null);
    setLat(null);
  };
  return (
    <section aria-label={t('points.title')}>
      <Typography.Text strong>{t('points.title')}</Typography.Text>
      <ol style={{ paddingInlineStart: 24, margin: '8px 0' }}>
        {ring.map((point, index) => {
          const n = index + 1;
          return (
            // A point has no identity beyond its place in the ring.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} style={{ marginBottom: 4 }}>
              <Space wrap>
                <Coordinate
                  aria-label={t('points.longitude', { n })}
                  value={point[0]}
                  onChange={(v) => change(index, 0, v)}
                />
                <Coordinate
                  aria-label={t('points.latitude', { n })}
                  value={point[1]}
                  onChange={(v) => change(index, 1, v)}
                />
                <Button onClick={() => onChange(ring.filter((_, i) => i !== index))}>
                  {t('points.remove', { n })}
                </Button>
              </Space>
            </li>
          );
        })}
      </ol>
      {ring.length === 0 && <Typography.Paragraph type="secondary">{t('points.none')}</Typography.Paragraph>}
      <Space wrap>
        <Coordinate
          aria-label={t('points.newLongitude')}
          placeholder={t('points.lngShort')}
          value={lng}
          onChange={setLng}
        />
        <Coordinate
          aria-label={t('points.newLatitude')}
          placeholder={t('points.latShort')}
          value={lat}
          onChange={setLat}
        />
        <Button onClick={add} disabled={lng === null || lat === null}>
          {t('points.add')}
        </Button>
      </Space>
    </section>
  );
}

/** A longitude or latitude typed in full: no steppers, and no arrow keys nudging it by a degree. */
function Coordinate(props: InputNumberProps<number>) {
  return <InputNumber<number> controls={false} keyboard={false} style={{ width: 160 }} {...props} />;
}
