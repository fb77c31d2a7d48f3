import { ActionIcon, Anchor, Button, Group, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import type { PdfTemplateSummary } from '@under/core/templates/pdf-template.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useArchiveTemplate, useReviewPdf } from '../api/pdf-templates-api';
import { CloneDialog } from './clone-dialog';
import { ReplacePdfDialog } from './replace-pdf-dialog';

type Dialog =
  | { kind: 'replace' | 'clone' | 'archive'; template: PdfTemplateSummary }
  | { kind: 'review'; template: PdfTemplateSummary; url: string };

/** Mapper and settings routes of a template (the mapper pages belong to features/pdf-mapper). */
export const templateRoutes = (id: string) => ({
  mapper: `/pdf-mapping/edit/${id}`,
  general: `/general-setting/${id}`,
  global: `/global-setting-page/${id}`,
  confirmPage: `/mapper-confirm-page/${id}`,
});

/**
 * The actions of the template rows and their dialogs, shared by /pdf-mapping and /view-mapped-pdf.
 * The review PDF opens from a blob: URL in a new tab or downloads (frames of blob: URLs are blocked by the CSP).
 */
export function useTemplateActions() {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const archive = useArchiveTemplate();
  const review = useReviewPdf();

  const reviewUrl = dialog?.kind === 'review' ? dialog.url : null;
  useEffect(() => {
    if (!reviewUrl) return;
    return () => URL.revokeObjectURL(reviewUrl);
  }, [reviewUrl]);

  async function openReview(template: PdfTemplateSummary) {
    setReviewingId(template.templateId);
    try {
      const blob = await review.mutateAsync(template.templateId);
      setDialog({ kind: 'review', template, url: URL.createObjectURL(blob) });
    } catch (error) {
      if (!(error instanceof HttpError && error.isServerUnavailable)) notifyError(errorMessage(error));
    } finally {
      setReviewingId(null);
    }
  }

  async function setArchived(template: PdfTemplateSummary, archived: boolean) {
    try {
      await archive.mutateAsync({ templateId: template.templateId, archived });
      notifySuccess(archived ? T.archived(template.name) : T.restored(template.name));
      setDialog(null);
    } catch (error) {
      if (!(error instanceof HttpError && error.isServerUnavailable)) notifyError(errorMessage(error));
    }
  }

  const close = () => setDialog(null);
  let node: ReactNode = null;
  if (dialog?.kind === 'replace') node = <ReplacePdfDialog template={dialog.template} onClose={close} />;
  if (dialog?.kind === 'clone') node = <CloneDialog template={dialog.template} onClose={close} />;
  if (dialog?.kind === 'archive') {
    node = (
      <ConfirmDialog
        opened
        title={T.archiveTitle(dialog.template.name)}
        message={T.archiveText}
        confirmLabel={T.archive}
        isDanger
        isBusy={archive.isPending}
        onConfirm={() => void setArchived(dialog.template, true)}
        onCancel={close}
      />
    );
  }
  if (dialog?.kind === 'review') {
    node = (
      <Modal
        opened
        onClose={close}
        title={T.reviewReadyTitle}
        centered
        radius="md"
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        <Stack gap="lg">
          <Text>{T.reviewReadyText(dialog.template.name)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button component="a" variant="default" href={dialog.url} download={`${dialog.template.name}-review.pdf`}>
              {T.reviewDownload}
            </Button>
            <Button component="a" href={dialog.url} target="_blank" rel="noopener">
              {T.reviewOpen}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return {
    dialog: node,
    reviewingId,
    review: (template: PdfTemplateSummary) => void openReview(template),
    open: (kind: 'replace' | 'clone' | 'archive', template: PdfTemplateSummary) => setDialog({ kind, template }),
    restore: (template: PdfTemplateSummary) => void setArchived(template, false),
  };
}

type TemplateActions = ReturnType<typeof useTemplateActions>;

/** The row's menu of actions, named after the template for screen readers. */
export function TemplateActionsMenu({ template, actions }: { template: PdfTemplateSummary; actions: TemplateActions }) {
  const routes = templateRoutes(template.templateId);
  const isArchived = template.status === 'archived';
  const isReviewing = actions.reviewingId === template.templateId;
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {isReviewing ? <Loader size="xs" role="status" aria-label={T.reviewPreparing} /> : null}
      <Menu position="bottom-end" withinPortal shadow="md" width={230}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={T.actionsLabel(template.name)}>
            <span aria-hidden>⋯</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {isArchived ? null : (
            <Menu.Item component={Link} to={routes.mapper}>
              {T.editMapping}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => actions.review(template)} disabled={isReviewing}>
            {T.reviewPdf}
          </Menu.Item>
          {isArchived ? null : (
            <>
              <Menu.Item onClick={() => actions.open('replace', template)}>{T.replacePdf}</Menu.Item>
              <Menu.Item onClick={() => actions.open('clone', template)}>{T.clone}</Menu.Item>
              <Menu.Divider />
              <Menu.Item component={Link} to={routes.general}>
                {T.generalSetting}
              </Menu.Item>
              <Menu.Item component={Link} to={routes.global}>
                {T.globalSetting}
              </Menu.Item>
              <Menu.Item component={Link} to={routes.confirmPage}>
                {T.confirmPageMapper}
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          {isArchived ? (
            <Menu.Item onClick={() => actions.restore(template)}>{T.restore}</Menu.Item>
          ) : (
            <Menu.Item color="red" onClick={() => actions.open('archive', template)}>
              {T.archive}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The template's name, linked to its mapper unless archived. */
export function TemplateNameLink({ template }: { template: PdfTemplateSummary }) {
  if (template.status === 'archived') {
    return (
      <Text size="sm" fw={600}>
        {template.name}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={templateRoutes(template.templateId).mapper} fw={600} size="sm">
      {template.name}
    </Anchor>
  );
}
