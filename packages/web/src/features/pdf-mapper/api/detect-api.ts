import { useMutation } from '@tanstack/react-query';
import { PDF_TEMPLATES_API } from '@under/core/api/pdf-templates.contract';
import type { DetectFieldsResult } from '@under/core/templates/detected-field.schema';
import { useSession } from '../../../lib/session-context';

/** POST /api/pdf_templates/{templateId}/detect_fields: proposals only, nothing is saved (issue 25). */
export function useDetectFields(templateId: string) {
  const { http } = useSession();
  return useMutation<DetectFieldsResult>({
    mutationFn: () => http.call(PDF_TEMPLATES_API.detectFields, { params: { templateId } }),
  });
}
