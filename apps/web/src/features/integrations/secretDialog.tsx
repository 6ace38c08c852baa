// The dialog that shows a new credential once (a service account's client id and secret, a
// webhook's signing secret): what it is for, then each value, copyable.
import type { App } from 'antd';
import { Typography } from 'antd';

type Modal = ReturnType<typeof App.useApp>['modal'];

export function showOnce(
  modal: Modal,
  texts: { title: string; once: string },
  values: { label: string; value: string | undefined; testId: string }[],
) {
  modal.info({
    title: texts.title,
    width: 560,
    content: (
      <>
        <Typography.Paragraph>{texts.once}</Typography.Paragraph>
        {values.map(({ label, value, testId }) => (
          <div key={testId}>
            <Typography.Text strong>{label}</Typography.Text>
            <Typography.Paragraph code copyable data-testid={testId}>
              {value}
            </Typography.Paragraph>
          </div>
        ))}
      </>
    ),
  });
}
