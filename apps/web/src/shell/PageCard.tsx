// A screen's card: its title as the page's heading, actions on the right, and its parts stacked
// one under the other at the shell's spacing.
import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export type PageCardProps = { title: ReactNode; extra?: ReactNode; children: ReactNode };

export function PageCard({ title, extra, children }: PageCardProps) {
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {children}
      </Space>
    </Card>
  );
}
