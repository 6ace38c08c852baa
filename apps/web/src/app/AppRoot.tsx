// The page's root element as antd's <App> draws it: its class gives every page (the sign-in
// page, 403, 404 as much as the console) the theme's text colour, size, line height and font
// from the static sheet. <App> itself also brings the message, notification and modal hooks
// with the dialog and form code they draw with; only the console's screens use them, so it sits
// in the shell (AppLayout, `component={false}`: no second element), loaded after sign-in.
import { ConfigProvider } from 'antd';
import useAppStyle from 'antd/es/app/style';
import { type ReactNode, useContext } from 'react';

export function AppRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const className = [hashId, prefixCls, cssVarCls].filter(Boolean).join(' ');
  return <div className={className}>{children}</div>;
}
