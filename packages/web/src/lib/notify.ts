import { notifications } from '@mantine/notifications';

/** A short confirmation after an action ('The logo was updated.'). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 5000 });
}

/** A failed action that has no form to show its message in. */
export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: 8000 });
}
