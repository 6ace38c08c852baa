import type { ReactNode } from 'react';
import { LogoMark } from '../Logo';
import './standalone.css';

export type StandalonePageProps = { code: string; children: ReactNode };

export function StandalonePage({ code, children }: StandalonePageProps) {
  return (
    <main className="fl-standalone">
      <div className="fl-standalone-card">
        <div className="fl-standalone-code" aria-hidden="true">
          <LogoMark size={56} />
          <span>{code}</span>
        </div>
        <div className="fl-standalone-body">{children}</div>
      </div>
    </main>
  );
}
