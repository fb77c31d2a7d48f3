import { Badge, Text } from '@mantine/core';
import type { PdfTemplateSummary } from '@under/core/templates/pdf-template.schema';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import type { TemplateStatus } from '../api/pdf-templates-api';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

const STATUS_COLORS: Record<TemplateStatus, string> = { active: 'green', inactive: 'gray', archived: 'orange' };
const STATUS_LABELS: Record<TemplateStatus, string> = {
  active: T.statusActive,
  inactive: T.statusInactive,
  archived: T.statusArchived,
};

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" c="dark">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function UpdatedDate({ template }: { template: PdfTemplateSummary }) {
  return (
    <Text size="sm" component="time" dateTime={template.updatedAt}>
      {dateFormat.format(new Date(template.updatedAt))}
    </Text>
  );
}
