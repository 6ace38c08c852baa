import { Spin } from 'antd';
import { LogoMark } from './Logo';

export type FullPageLoaderProps = { text?: string };

export function FullPageLoader({ text }: FullPageLoaderProps) {
  return (
    <div
      style={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 20,
      }}
    >
      <LogoMark size={48} />
      <Spin />
      {text && <div style={{ color: 'rgba(0,0,0,0.65)' }}>{text}</div>}
    </div>
  );
}
