import { Alert, Box, Paper, Text } from '@mantine/core';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { FormRenderer } from '../../forms/components/form-renderer';
import type { HeaderLayout, ProgressLayout } from './layout-style-panel';

/** The universal form as applicants will see it: its header, then the renderer in the progress colours. */
export function LayoutPreview({
  form,
  header,
  progress,
  canRender,
}: {
  form: FormDefinition;
  header: HeaderLayout;
  progress: ProgressLayout;
  canRender: boolean;
}) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="layout-preview">
      <Box bg={header.backgroundColor} c={header.textColor} px="xl" py="lg" data-testid="preview-header">
        {/* large text on purpose: white on the default #4582ec passes WCAG's 3:1 for large text only */}
        <Text component="h2" fw={800} fz={30} m={0}>
          {header.title}
        </Text>
        {header.subtitle ? (
          <Text mt={4} fz={19} fw={700}>
            {header.subtitle}
          </Text>
        ) : null}
      </Box>
      <Box bg={progress.backgroundColor} c={progress.textColor} p="lg">
        {canRender ? (
          <FormRenderer
            form={form}
            headerColor={progress.backgroundColor}
            headerTextColor={progress.textColor}
            progressColor={progress.activeStepColor}
            stepColor={progress.defaultStepColor}
          />
        ) : (
          <Alert color="orange" role="status">
            {T.previewProblems}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
