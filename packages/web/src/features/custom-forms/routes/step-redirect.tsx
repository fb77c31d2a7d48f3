import { Navigate, useParams } from 'react-router';

/**
 * The spec's per-step routes (/edit-custom-form/…, /custom-form/…, /doc-tcs/…, /layout-form/…) open the wizard on
 * that step of the form; the wizard itself lives at /create-form?formId=.
 */
function stepRedirect(step: number) {
  return function StepRedirect() {
    const { customFormId } = useParams();
    return <Navigate replace to={customFormId ? `/create-form?formId=${customFormId}&step=${step}` : '/create-form'} />;
  };
}
export const InstitutionStepRedirect = stepRedirect(1);
export const QuestionsStepRedirect = stepRedirect(2);
export const DocumentsStepRedirect = stepRedirect(3);
export const LayoutStepRedirect = stepRedirect(4);
