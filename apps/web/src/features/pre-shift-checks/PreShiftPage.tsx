// #/pre-shift/:token: the phone page the QR code on a vehicle opens. The operator signed on to the
// vehicle with their RFID card answers its checklist item by item (OK / not OK, a note where not
// OK) and confirms with their operator ID; no console sign-in (the link's signed token names the
// vehicle, the server checks the operator: docs/decisions/2026-12-07-pre-shift-checks.md). A failed
// critical item locks the vehicle: the page says so and to call a supervisor.
import { CameraOutlined, LockOutlined } from '@ant-design/icons';
import {
  type CheckForm,
  type CheckResult,
  checkSubmitAnswerSchema,
  checkSubmitSchema,
  LANGUAGE_NAMES,
} from '@fleetlens/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Radio, Result, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { showFieldErrors } from '../../api/formErrors';
import { type Language, supportedLanguages } from '../../app/i18n';
import { useSettings } from '../../app/settings';
import { FullPageLoader } from '../../shell/FullPageLoader';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { fetchCheckForm, preShiftKeys, submitCheck, submitCheckPhoto } from './api';

type Answer = { passed?: boolean; note?: string };
/** The fields' rules and messages, as the server checks the answers. */
const FIELDS = {
  operator_code: checkSubmitSchema.shape.operator_code,
  passed: checkSubmitAnswerSchema.shape.passed,
  note: checkSubmitAnswerSchema.shape.note,
};
type Values = { operator_code: string; answers: Answer[] };

const hasFields = (error: unknown) =>
  error instanceof ApiError && ((error.data as { fields?: unknown[] } | undefined)?.fields?.length ?? 0) > 0;

function LanguagePick() {
  const { t } = useTranslation('pre-shift-checks');
  const { language, setLanguage } = useSettings();
  return (
    <Select<Language>
      aria-label={t('phone.language')}
      size="small"
      value={language}
      onChange={(l) => void setLanguage(l)}
      options={supportedLanguages().map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      style={{ minWidth: 120 }}
    />
  );
}

/** After the check: a photo of what the operator found, taken with the phone's camera, once. */
function PhotoAdd({ token, checkId }: { token: string; checkId: string }) {
  const { t } = useTranslation('pre-shift-checks');
  const send = useMutation({ mutationFn: (photo: File) => submitCheckPhoto(token, checkId, photo) });
  if (send.isSuccess)
    return <Alert type="success" showIcon title={t('phone.photoAdded')} data-testid="photo-added" />;
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }}>
      <Button
        size="large"
        icon={<CameraOutlined />}
        loading={send.isPending}
        onClick={() => document.getElementById('check-photo')?.click()}
      >
        {t('phone.addPhoto')}
      </Button>
      <input
        id="check-photo"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        aria-label={t('phone.addPhoto')}
        hidden
        onChange={(event) => {
          const photo = event.target.files?.[0];
          if (photo) send.mutate(photo);
          event.target.value = '';
        }}
      />
      {send.error && (
        <Alert type="error" showIcon title={photoRefusal(send.error)} data-testid="photo-refusal" />
      )}
    </Space>
  );
}

/** A refused photo's message: the file's field message, else the refusal's. */
const photoRefusal = (error: Error) =>
  (error instanceof ApiError &&
    (error.data as { fields?: { message: string }[] } | undefined)?.fields?.[0]?.message) ||
  error.message;

function Done({ token, result }: { token: string; result: CheckResult }) {
  const { t } = useTranslation('pre-shift-checks');
  const photo = <PhotoAdd token={token} checkId={result.id} />;
  if (result.locked)
    return (
      <>
        <Result
          status="error"
          icon={<LockOutlined />}
          title={t('phone.lockedTitle')}
          subTitle={t('phone.lockedText')}
          data-testid="check-result"
        />
        {photo}
      </>
    );
  return (
    <>
      <Result
        status={result.passed ? 'success' : 'warning'}
        title={t(result.passed ? 'phone.passedTitle' : 'phone.failedTitle')}
        subTitle={t(result.passed ? 'phone.passedText' : 'phone.failedText')}
        data-testid="check-result"
      />
      {photo}
    </>
  );
}

function ItemAnswer({ index, item }: { index: number; item: CheckForm['items'][number] }) {
  const { t } = useTranslation('pre-shift-checks');
  const fields = useFieldRules(FIELDS);
  const passed = Form.useWatch(['answers', index, 'passed']) as boolean | undefined;
  return (
    <Card size="small" data-testid="check-item">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Flex gap={8} align="start" justify="space-between">
          <Typography.Text strong id={`item-${index}`}>
            {index + 1}. {item.text}
          </Typography.Text>
          {item.critical && <Tag color="red">{t('critical')}</Tag>}
        </Flex>
        <Form.Item
          name={['answers', index, 'passed']}
          rules={fields.required('passed')}
          noStyle={false}
          style={{ marginBottom: 0 }}
        >
          <Radio.Group optionType="button" buttonStyle="solid" size="large" aria-labelledby={`item-${index}`}>
            <Radio.Button value={true}>{t('phone.ok')}</Radio.Button>
            <Radio.Button value={false}>{t('phone.notOk')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {passed === false && (
          <Form.Item name={['answers', index, 'note']} label={t('phone.note')} style={{ marginBottom: 0 }}>
            <Input.TextArea rows={2} maxLength={fields.maxLength('note')} />
          </Form.Item>
        )}
      </Space>
    </Card>
  );
}

function CheckFormView({ token, form: checklist }: { token: string; form: CheckForm }) {
  const { t } = useTranslation('pre-shift-checks');
  const fields = useFieldRules(FIELDS);
  const [form] = Form.useForm<Values>();
  const [result, setResult] = useState<CheckResult | null>(null);
  const send = useMutation({
    mutationFn: (values: Values) =>
      submitCheck(token, {
        operator_code: values.operator_code ?? '',
        answers: checklist.items.map((_, i) => ({
          passed: values.answers?.[i]?.passed ?? false,
          note: values.answers?.[i]?.note ?? '',
        })),
      }),
    onSuccess: setResult,
    // A refused field shows under it; any other refusal (not signed on, another operator's ID) above Send.
    onError: (error) =>
      setRefusal(showFieldErrors(form, error).join(' ') || (hasFields(error) ? null : error.message)),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  if (result) return <Done token={token} result={result} />;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(values) => send.mutate(values)}
      requiredMark={false}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {checklist.locked && (
          <Alert type="error" showIcon icon={<LockOutlined />} title={t('phone.isLocked')} />
        )}
        {checklist.operator ? (
          <Typography.Text data-testid="signed-on">
            {t('phone.signedOn', { name: checklist.operator.name })}
          </Typography.Text>
        ) : (
          <Alert type="warning" showIcon title={t('phone.nobody')} />
        )}
        {checklist.items.map((item, index) => (
          // The items are the checklist's, in its order, and do not move while answered.
          // biome-ignore lint/suspicious/noArrayIndexKey: the item's position is its identity here.
          <ItemAnswer key={index} index={index} item={item} />
        ))}
        <Form.Item
          name="operator_code"
          label={t('phone.operatorCode')}
          extra={t('phone.operatorCodeHint')}
          rules={fields.rules('operator_code')}
        >
          <Input size="large" autoComplete="off" />
        </Form.Item>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="check-refusal" />}
        <Button type="primary" htmlType="submit" size="large" block loading={send.isPending}>
          {t('phone.submit')}
        </Button>
      </Space>
    </Form>
  );
}

export function PreShiftPage() {
  const { t } = useTranslation('pre-shift-checks');
  const { token = '' } = useParams();
  const checklist = useQuery({
    queryKey: preShiftKeys.form(token),
    queryFn: () => fetchCheckForm(token),
    retry: false,
  });
  return (
    <main style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('phone.title')}
        </Typography.Title>
        <LanguagePick />
      </Flex>
      {checklist.data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 4 }} data-testid="check-vehicle">
          {checklist.data.vehicle.name} · {t(`vehicles:vehicleTypes.${checklist.data.vehicle.vehicle_type}`)}
        </Typography.Paragraph>
      )}
      {checklist.isError ? (
        <Result status="warning" title={checklist.error.message} />
      ) : !checklist.data ? (
        <FullPageLoader />
      ) : checklist.data.items.length === 0 ? (
        <Result status="info" title={t('phone.noChecklist')} />
      ) : (
        <CheckFormView token={token} form={checklist.data} />
      )}
    </main>
  );
}
