// The vehicles whose fuel the user enters or reads, to pick one (the entry) or several (the report)
// by typing part of a name.
import { Select, type SelectProps } from 'antd';
import type { FuelVehicle } from './api';

export type VehicleSelectProps<V> = Omit<SelectProps<V>, 'options' | 'optionFilterProp'> & {
  vehicles: FuelVehicle[] | undefined;
  label: string;
};

export function VehicleSelect<V>({ vehicles, label, ...select }: VehicleSelectProps<V>) {
  return (
    <Select<V>
      showSearch
      optionFilterProp="label"
      aria-label={label}
      options={(vehicles ?? []).map((v) => ({ value: v.id, label: v.name }))}
      {...select}
    />
  );
}
