import { Button, Group } from '@mantine/core';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';

/**
 * A file's buttons in a row of the application page (a generated document, an attachment): Preview, Download, and
 * Delete for who may (the caller asks first). Each names the file for screen readers.
 */
export function FileActions({
  name,
  onPreview,
  onDownload,
  onDelete,
}: {
  name: string;
  onPreview: () => void;
  onDownload: () => void;
  /** Absent when the caller may not delete. */
  onDelete?: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={onPreview} aria-label={T.previewOf(name)}>
        {T.preview}
      </Button>
      <Button size="xs" variant="default" onClick={onDownload} aria-label={`${T.download} ${name}`}>
        {T.download}
      </Button>
      {onDelete ? (
        <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`${T.delete} ${name}`}>
          {T.delete}
        </Button>
      ) : null}
    </Group>
  );
}
