// A track on the map with playback: the line with its start and end, and a cursor that moves along
// it in time — play and pause, playback speed, a slider over the period's time — over the site
// plans and, where given, the safety zones. Optionally the vehicle's live position beside it (the vehicle map), drawn as the vehicle
// with its name, never like the cursor, and followed by the camera on request.

import { AimOutlined, CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import type { SitePlan, Track, VehicleLocation, Zone } from '@fleetlens/contracts';
import { Button, Empty, Flex, Select, Slider, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundsOf, playheadFeature, trackFeatures, vehicleFeatures, vehicleImageName } from './map/geojson';
import {
  addTrackLayers,
  addVehicleLayers,
  PLAYHEAD,
  PLAYHEAD_COLOUR,
  setSourceData,
  TRACK,
  VEHICLES,
} from './map/layers';
import { MapView } from './map/MapView';
import { advance, PLAYBACK_SPEEDS, positionAt } from './map/playback';
import { addVehicleImages } from './map/vehicleImages';
import { addSiteOverlays, useSiteOverlays } from './useSiteOverlays';

export type TrackPlayerProps = {
  track: Track | undefined;
  /** The vehicle at its live position, drawn beside the track. */
  vehicle?: VehicleLocation | null;
  center?: [number, number];
  label: string;
  height: string;
  sitePlans?: readonly SitePlan[];
  /** Safety zones, drawn over the site plans and under the track (none: the layer is off). */
  zones?: readonly Zone[];
};

export function TrackPlayer({ track, vehicle, center, label, height, sitePlans, zones }: TrackPlayerProps) {
  const { t } = useTranslation('maps');
  const points = track?.points ?? [];
  const first = points[0]?.[0] ?? 0;
  const last = points[points.length - 1]?.[0] ?? 0;
  const [time, setTime] = useState(first);
  const timeRef = useRef(time);
  timeRef.current = time;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(60);
  const mapRef = useRef<MapLibreMap | null>(null);
  const image = vehicleImageName(track?.vehicle?.vehicle_type ?? 'counter', track?.vehicle?.icon ?? 'a');
  const state = positionAt(points, time);
  const [following, setFollowing] = useState(false);
  const latest = useRef({ track, vehicle, state, image, sitePlans, zones, following, t });
  latest.current = { track, vehicle, state, image, sitePlans, zones, following, t };

  // A new track starts over at its first point. New points, not a new object: the live states fold
  // a pushed running/stopping into the cached route (kernel/liveLinkStates), which replaced the
  // track object and sent a playing cursor back to the start whenever the vehicle stopped.
  const trackPoints = track?.points;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per track's points, not per render
  useEffect(() => {
    setTime(first);
    setPlaying(false);
    const map = mapRef.current;
    // Before the style has loaded the track source is missing: onStyle draws it then.
    if (map) drawTrack(map, true);
  }, [trackPoints]);

  function drawTrack(map: MapLibreMap, fit: boolean) {
    const current = latest.current;
    setSourceData(map, TRACK, trackFeatures(current.track?.points ?? []));
    const coordinates = (current.track?.points ?? []).map((p) => [p[1], p[2]] as [number, number]);
    const bounds = boundsOf(coordinates);
    if (fit && bounds) map.fitBounds(bounds, { padding: 60, maxZoom: 18, animate: false });
  }

  // The cursor moves with the playback time; the live vehicle only when it reports. Each is drawn
  // again only when it changed: during playback this runs every animation frame, and redrawing
  // the vehicle (with its label) as well kept a software-rendered map too busy to answer a click.
  const cursor = state ? `${state.lng},${state.lat},${state.direction}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the cursor's place changes
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    setSourceData(
      map,
      PLAYHEAD,
      state ? playheadFeature(state, image) : { type: 'FeatureCollection', features: [] },
    );
  }, [cursor, image]);
  useEffect(() => {
    const map = mapRef.current;
    if (map) setSourceData(map, VEHICLES, vehicleFeatures(vehicle ? [vehicle] : [], t('maintenanceMode')));
  }, [vehicle, t]);

  // The live vehicle followed: the camera moves with it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !following || !vehicle || vehicle.lng === null || vehicle.lat === null) return;
    map.easeTo({ center: [vehicle.lng, vehicle.lat], duration: 600 });
  }, [following, vehicle]);

  useSiteOverlays(mapRef, sitePlans, zones);

  // The playback clock: one step per animation frame while playing.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let before = performance.now();
    const step = (now: number) => {
      const elapsed = now - before;
      before = now;
      const next = advance(timeRef.current, elapsed, speed, last);
      timeRef.current = next.time;
      setTime(next.time);
      if (next.done) setPlaying(false);
      else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, last]);

  const onStyle = async (map: MapLibreMap) => {
    await addVehicleImages(map);
    addSiteOverlays(map, latest.current.sitePlans, latest.current.zones);
    addTrackLayers(map);
    addVehicleLayers(map, false);
    drawTrack(map, true);
    const s = latest.current.state;
    if (s) setSourceData(map, PLAYHEAD, playheadFeature(s, latest.current.image));
    setSourceData(
      map,
      VEHICLES,
      vehicleFeatures(
        latest.current.vehicle ? [latest.current.vehicle] : [],
        latest.current.t('maintenanceMode'),
      ),
    );
  };
  const onMap = (map: MapLibreMap) => {
    mapRef.current = map;
    // Dragging the map stops following.
    map.on('dragstart', () => setFollowing(false));
    map.on('moveend', () => {
      const c = map.getCenter();
      map.getContainer().dataset.center = `${c.lng.toFixed(6)},${c.lat.toFixed(6)}`;
    });
    return () => {
      mapRef.current = null;
    };
  };

  const play = () => {
    if (time >= last) setTime(first);
    setPlaying(true);
  };

  return (
    <Flex vertical gap={8}>
      <div style={{ height, position: 'relative' }}>
        <MapView onStyle={onStyle} onMap={onMap} center={center} zoom={16} label={label} />
        {track && points.length === 0 && (
          <Empty
            description={t('track.empty')}
            style={{
              position: 'absolute',
              top: 12,
              left: '50%',
              transform: 'translateX(-50%)',
              background: 'rgba(255,255,255,0.92)',
              padding: '8px 16px',
              borderRadius: 6,
              margin: 0,
            }}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
          />
        )}
      </div>
      <Flex gap={12} align="center" wrap data-testid="playback">
        <Button
          type="primary"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          disabled={points.length < 2}
          onClick={() => (playing ? setPlaying(false) : play())}
          aria-label={playing ? t('playback.pause') : t('playback.play')}
        >
          {playing ? t('playback.pause') : t('playback.play')}
        </Button>
        <Select
          aria-label={t('playback.speed')}
          value={speed}
          onChange={setSpeed}
          style={{ width: 100 }}
          options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `×${s}` }))}
        />
        <Slider
          style={{ flex: '1 1 240px', minWidth: 200 }}
          min={first}
          max={Math.max(last, first + 1)}
          value={time}
          disabled={points.length < 2}
          onChange={(value: number) => {
            setPlaying(false);
            setTime(value);
          }}
          tooltip={{ formatter: (value) => (value ? dayjs(value).format('HH:mm:ss') : '') }}
          ariaLabelForHandle={t('playback.time')}
        />
        <Typography.Text data-testid="playback-time" style={{ minWidth: 250 }}>
          {state ? dayjs(state.time).format('YYYY-MM-DD HH:mm:ss') : '—'}
          {state ? ` · ${t('units.kmh', { value: Math.round(state.speed) })}` : ''}
        </Typography.Text>
      </Flex>
      <Flex gap={16} wrap align="center" data-testid="map-legend">
        {vehicle && (
          <>
            <Typography.Text type="secondary">
              <span aria-hidden style={{ ...LEGEND_DOT, background: '#fff', border: '3px solid #2f9e44' }} />
              {t('legend.live', { name: vehicle.name })}
            </Typography.Text>
            <Button
              size="small"
              icon={<AimOutlined />}
              type={following ? 'primary' : 'default'}
              aria-pressed={following}
              disabled={vehicle.lat === null}
              onClick={() => setFollowing((f) => !f)}
            >
              {following ? t('dashboard.unfollow') : t('legend.follow')}
            </Button>
          </>
        )}
        {points.length > 0 && (
          <Typography.Text type="secondary">
            <span
              aria-hidden
              style={{ ...LEGEND_DOT, background: PLAYHEAD_COLOUR, border: '2px solid #fff' }}
            />
            {t('legend.playback')}
          </Typography.Text>
        )}
      </Flex>
      {track?.thinned && <Typography.Text type="secondary">{t('track.thinned')}</Typography.Text>}
      {track && (
        <Typography.Text type="secondary" data-testid="track-summary">
          {t('track.points', { count: points.length })}
        </Typography.Text>
      )}
    </Flex>
  );
}

const LEGEND_DOT = {
  display: 'inline-block',
  width: 12,
  height: 12,
  borderRadius: 6,
  marginInlineEnd: 6,
  verticalAlign: 'middle',
  boxShadow: '0 0 0 1px #ced4da',
} as const;
