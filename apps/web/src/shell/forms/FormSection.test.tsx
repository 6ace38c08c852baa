// A form lists its fields: in a section each item takes its cell and its label from its name;
// outside a section (a dialog) it stands alone.
import { DEVICE_TYPES, deviceBodySchema } from '@fleetlens/contracts';
import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render';
import { FieldLabels, FormSection } from './FormSection';
import { useFieldRules } from './fieldRules';
import { ChoiceItem } from './items';
import { TextItem } from './TextItem';

function DeviceForm({ inSection }: { inSection: boolean }) {
  const fields = useFieldRules(deviceBodySchema.shape);
  const items = (
    <>
      <TextItem fields={fields} name="firmware" />
      <ChoiceItem name="device_type" values={DEVICE_TYPES} labels="types" span="third" />
    </>
  );
  return (
    <Form initialValues={{ device_type: 'dv426' }}>
      <FieldLabels ns="devices">
        {inSection ? <FormSection title="Device">{items}</FormSection> : items}
      </FieldLabels>
    </Form>
  );
}

describe('the form layout', () => {
  it('puts each item of a section in its cell, labelled by its name', async () => {
    const { container } = await renderInShell(<DeviceForm inSection />);
    expect(screen.getByLabelText('Firmware')).toBeTruthy();
    expect(screen.getByText('DV426')).toBeTruthy();
    const cells = [...container.querySelectorAll('.ant-row > .ant-col-xs-24')];
    expect(cells.map((c) => c.className)).toEqual([
      expect.stringContaining('ant-col-md-12'),
      expect.stringContaining('ant-col-md-8'),
    ]);
  });

  it('leaves an item outside a section without a cell', async () => {
    const { container } = await renderInShell(<DeviceForm inSection={false} />);
    expect(screen.getByLabelText('Type')).toBeTruthy();
    expect(container.querySelector('.ant-col-xs-24')).toBeNull();
  });
});
