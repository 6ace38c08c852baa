// The fields of a maintenance done, shared by the assignment form (the last maintenance its cycle
// counts from) and the execute form (the one just done): when, the hour meter then, a comment.
import type { MaintenanceVehicle, MaintenanceVehicleUpdate } from '@fleetlens/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ZodType } from 'zod';
import type { FieldRules } from '../../shell/forms/fieldRules';
import { FieldItem, NumberItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';

/** A picked time as the server takes it: UTC, 'YYYY-MM-DD HH:mm:ss'. */
export const serverTime = (day: Dayjs | null | undefined) =>
  day ? day.utc().format('YYYY-MM-DD HH:mm:ss') : null;

/** An assignment's last maintenance as its update sends it back unchanged (its comment aside). */
export const keptFields = (a: MaintenanceVehicle | null): Omit<MaintenanceVehicleUpdate, 'comment'> => ({
  last_maintenance_at: a?.last_maintenance_at ? serverTime(dayjs(a.last_maintenance_at)) : null,
  last_hour_meter: a?.last_hour_meter ?? null,
});

export function DoneFields<K extends string>({
  fields,
  time,
  meter,
  meterSchema,
  timeRequired = false,
}: {
  fields: FieldRules<K | 'comment'>;
  /** The form's names of the time and the hour meter. */
  time: K;
  meter: K;
  meterSchema: ZodType;
  timeRequired?: boolean;
}) {
  return (
    <>
      <FieldItem name={time} rules={timeRequired ? fields.required(time) : undefined}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </FieldItem>
      <NumberItem name={meter} rules={[fields.check(meterSchema)]} block />
      <TextItem fields={fields} name="comment" rows={3} />
    </>
  );
}
