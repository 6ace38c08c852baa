// antd's message toast and confirm dialog, loaded when first shown: with them come the dialog,
// button and form code they draw with, which the sign-in page has no use for. An error loads
// them once (a few KB); after that they are at hand.
import type { MessageArgsProps, ModalFuncProps } from 'antd';

/** Shows an error toast; resolves once it is up (or could not be, when the code cannot load). */
export async function errorToast(content: MessageArgsProps['content'], duration?: number): Promise<void> {
  try {
    const { default: message } = await import('antd/es/message');
    message.error(duration === undefined ? content : { content, duration });
  } catch {
    // A toast that cannot load (the build replaced by a newer one) must not hide the error itself.
  }
}

/** Opens a confirm dialog; resolves once it is open (or could not be). */
export async function confirmDialog(props: ModalFuncProps): Promise<void> {
  try {
    const { default: Modal } = await import('antd/es/modal');
    Modal.confirm(props);
  } catch {
    props.onCancel?.();
  }
}
