// The assignment part of both sides of an RFID card: the card's page picks an operator, the
// operator's page picks a free card. Either shows the present holder with a way to remove it, or
// a search-as-you-type picker that assigns (the server's refusal under the picker, one request
// however often Enter is pressed). A removal refetches every query: both sides' lists show it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, type FormRule, Popconfirm, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSave } from '../../shell/forms/useSave';

export type CardAssignmentProps = {
  /** There is an assignment: Remove instead of the picker. */
  assigned: boolean;
  /** The present assignment, shown before Remove. */
  current?: ReactNode;
  removal: {
    confirm: string;
    text: string;
    remove: () => Promise<unknown>;
    /** The notice once removed. */
    removedText: string;
  };
  /** Other links beside the present assignment. */
  extra?: ReactNode;
  picker: {
    /** The field's name, as the server names what is picked (operator_id, rfid_id). */
    name: string;
    label: string;
    rules: FormRule[];
    /** The query of the candidates; the typed text is added to it. */
    queryKey: readonly unknown[];
    /** The candidates for a typed text (50 at most). */
    find: (text: string) => Promise<{ value: string; label: string }[]>;
    help?: string;
    notFound?: string;
  };
  assign: (id: string) => Promise<unknown>;
  assignText: string;
  /** The notice once assigned. */
  assignedText: string;
  /** Every refusal of the server goes under the picker (its message names the card or operator). */
  allUnderPicker?: boolean;
};

type Values = Record<string, string>;

export function CardAssignment({
  assigned,
  current,
  removal,
  extra,
  picker,
  assign,
  assignText,
  assignedText,
  allUnderPicker,
}: CardAssignmentProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const candidates = useQuery({
    queryKey: [...picker.queryKey, search],
    queryFn: () => picker.find(search),
    enabled: !assigned,
  });
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: removal.remove,
    onSuccess: async () => {
      message.success(removal.removedText);
      await queryClient.invalidateQueries();
    },
  });
  const { submit, saving } = useSave<Values>({
    form,
    save: (values) => assign(values[picker.name] ?? ''),
    // A card and an operator change together, and both sides' lists show it.
    invalidate: 'all',
    savedText: assignedText,
    onSaved: () => form.resetFields(),
    fieldOf: allUnderPicker ? () => picker.name : undefined,
  });
  if (assigned)
    return (
      <Space wrap>
        {current}
        <Popconfirm title={removal.confirm} onConfirm={() => remove.mutate()}>
          <Button danger loading={remove.isPending}>
            {removal.text}
          </Button>
        </Popconfirm>
        {extra}
      </Space>
    );
  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit}>
      <Form.Item name={picker.name} label={picker.label} extra={picker.help} rules={picker.rules}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setSearch}
          loading={candidates.isFetching}
          options={candidates.data}
          notFoundContent={picker.notFound}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {assignText}
      </Button>
    </Form>
  );
}
