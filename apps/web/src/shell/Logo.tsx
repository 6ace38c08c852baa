// The FleetLens mark: a lens over a stylised forklift mast, inline so it needs no asset.
export type LogoMarkProps = { size?: number; color?: string };

export function LogoMark({ size = 32, color = 'var(--ant-color-primary, #005d74)' }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="FleetLens">
      <rect width="32" height="32" rx="8" fill={color} />
      <path
        d="M8 23V9M8 20h6"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
        opacity="0.75"
      />
      <circle cx="17.5" cy="14.5" r="6" fill="none" stroke="#fff" strokeWidth="2.6" />
      <path d="M21.8 18.8l4.2 4.2" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export type LogoProps = { collapsed: boolean; title: string; onClick?: () => void };

/** Sidebar head: mark plus product title; clicking toggles the sidebar. */
export function Logo({ collapsed, title, onClick }: LogoProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={title}
      className="fl-plain-button fl-logo"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 10,
        height: 56,
        padding: collapsed ? 0 : '0 18px',
        width: '100%',
        boxSizing: 'border-box',
        color: '#fff',
        fontWeight: 600,
        fontSize: 16,
        letterSpacing: 0.3,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
      }}
    >
      <LogoMark size={30} color="rgba(255,255,255,0.14)" />
      {!collapsed && <span>{title}</span>}
    </button>
  );
}
