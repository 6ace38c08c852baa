// The operator icons of the contracts (OPERATOR_ICONS), drawn with one icon set.
import {
  BuildOutlined,
  CarOutlined,
  SafetyOutlined,
  StarOutlined,
  TruckOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { OperatorIcon as IconName } from '@fleetlens/contracts';
import type { ComponentType } from 'react';

const ICONS: Record<IconName, ComponentType<{ 'aria-label'?: string }>> = {
  person: UserOutlined,
  helmet: SafetyOutlined,
  forklift: CarOutlined,
  crane: BuildOutlined,
  truck: TruckOutlined,
  star: StarOutlined,
};

export type OperatorIconProps = { name: IconName; label?: string };

export function OperatorIcon({ name, label }: OperatorIconProps) {
  const Icon = ICONS[name] ?? UserOutlined;
  return <Icon aria-label={label ?? name} />;
}
