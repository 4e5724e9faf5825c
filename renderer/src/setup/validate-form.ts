import type { FormInstance } from 'antd';

/** Whether a rejection is antd's "some fields are wrong" (the fields show their own messages). */
export const isFieldErrors = (error: unknown): error is { errorFields: { name: (string | number)[] }[] } =>
  typeof error === 'object' && error !== null && 'errorFields' in error;

/**
 * Checks every field; when one is wrong, brings the first into view with the focus in it (its
 * message shows under it), then rethrows — the desk never presses a button whose answer is off screen.
 */
export async function validateShowingFirstError(form: FormInstance): Promise<void> {
  try {
    await form.validateFields();
  } catch (error) {
    const first = isFieldErrors(error) ? error.errorFields[0] : undefined;
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
    throw error;
  }
}
