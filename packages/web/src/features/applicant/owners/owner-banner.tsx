/**
 * OwnerBanner: what an additional owner sees above the form on their own link (issue 12; decision 037): they fill
 * in their part (the fields their role may edit) and press "My part is complete", which calls APPLICANT_API.submit
 * with their code (the server checks the required fields their role may edit and records completedAt).
 *
 * Props:
 * - `link: { applicationId: string; code: string }`: the application and this owner's link code.
 * - `call: HttpClient['call']`: the applicant pages' http client call (it sends the x-api-key header).
 * - `completedAt: string | null`: this owner's `completedAt` (their entry in `ApplicantApplication.owners`).
 * - `primaryName?: string | null`: who named them (the primary applicant's name or e-mail), for the text.
 * - `ownerSection?: number | null`: their owner section of the form (decision 059), named in the text.
 * - `prepare?: () => Promise<SubmitBody | undefined>`: runs before the call (e.g. flush the autosave) and gives the
 *   body to send (`{ data, revision }`); without it the stored draft is checked as it is.
 * - `onCompleted?: (result: SubmitResponse) => void`: after the server accepted the part.
 * - `onError?: (error: unknown) => void`: after a refusal (e.g. 422 with `errors` by field path), so the page can
 *   show the fields; the banner shows the message itself.
 * - `readOnly?: boolean`: a submitted application: the text only, no button.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { APPLICANT_API } from '@under/core/api/applications/applicant.contract';
import type { SubmitBodySchema, SubmitResponseSchema } from '@under/core/applications/application.schema';
import { useCallback, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import type { HttpClient } from '../../../lib/http';
import { OWNERS_TEXT as T } from './owners-text';

type SubmitBody = z.input<typeof SubmitBodySchema>;
type SubmitResponse = z.output<typeof SubmitResponseSchema>;

interface OwnerBannerProps {
  link: { applicationId: string; code: string };
  call: HttpClient['call'];
  completedAt: string | null;
  primaryName?: string | null;
  ownerSection?: number | null;
  prepare?: () => Promise<SubmitBody | undefined>;
  onCompleted?: (result: SubmitResponse) => void;
  onError?: (error: unknown) => void;
  readOnly?: boolean;
}

export function OwnerBanner(props: OwnerBannerProps) {
  const {
    link,
    call,
    primaryName = null,
    ownerSection = null,
    prepare,
    onCompleted,
    onError,
    readOnly = false,
  } = props;
  const titleId = useId();
  const [completedAt, setCompletedAt] = useState(props.completedAt);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const completedNow = useRef(false);
  const focusDone = useCallback((alert: HTMLDivElement | null) => {
    if (!alert || !completedNow.current) return;
    completedNow.current = false;
    alert.focus();
  }, []);

  async function complete() {
    setBusy(true);
    setFailure(null);
    try {
      const body = (await prepare?.()) ?? {};
      const result = await call(APPLICANT_API.submit, {
        params: { applicationId: link.applicationId },
        query: { code: link.code },
        body,
        auth: false,
        quiet: true,
      });
      completedNow.current = true;
      setCompletedAt(result.submittedAt);
      onCompleted?.(result);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      onError?.(err);
    } finally {
      setBusy(false);
    }
  }

  if (completedAt) {
    return (
      // after "My part is complete" focus moves here: the button is gone (issue 21 §5)
      <Alert color="green" title={T.completedTitle} role="status" tabIndex={-1} ref={focusDone}>
        {readOnly ? T.completedSubmittedText : T.completedText}
      </Alert>
    );
  }
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs">
      <h2 id={titleId}>{T.bannerTitle}</h2>
      <Text size="sm">{T.bannerText(primaryName, ownerSection)}</Text>
      {failure ? (
        <Alert color="red" title={T.completeError} role="alert">
          {failure}
        </Alert>
      ) : null}
      {!readOnly ? (
        <div>
          <Button onClick={complete} loading={busy}>
            {T.complete}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
