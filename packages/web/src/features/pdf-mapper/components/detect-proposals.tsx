import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import type { PdfField, PdfPage } from '@under/core/templates/pdf-field.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { DETECT_TEXT } from '@under/core/ui-text/admin-mapper-detect';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDetectFields } from '../api/detect-api';
import { clampRect, type Rect } from '../lib/geometry';
import { acceptProposals, confidencePercent, PROPOSAL_PREFIX, type Proposal, toProposals } from '../lib/proposals';

/**
 * Field detection in the PDF mapper (issue 25): the "Detect fields" button, the detected boxes as dashed proposals
 * on the pages (moved and resized like boxes), accept all / accept one / reject, and undo of the last accept. Only
 * accepted proposals enter the mapping, which is saved when the admin saves; the page wires this in a few lines.
 */
export function useDetectProposals(opts: {
  templateId: string;
  fields: readonly PdfField[];
  dictionaries: readonly Dictionary[];
  change: (next: PdfField[]) => void;
  select: (id: string | null) => void;
}) {
  const { fields, dictionaries, change, select } = opts;
  const detect = useDetectFields(opts.templateId);
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  // the last accept: the fields it added and the proposals they came from
  const [lastAccept, setLastAccept] = useState<{ ids: Set<string>; from: Proposal[] } | null>(null);

  const run = () =>
    detect.mutate(undefined, {
      onSuccess: (result) => {
        setProposals(toProposals(result.fields));
        setLastAccept(null);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  const accept = (chosen: Proposal[]) => {
    if (!chosen.length) return;
    const added = acceptProposals(fields, chosen, proposals ?? [], dictionaries);
    change([...fields, ...added]);
    const ids = new Set(chosen.map((p) => p.id));
    setProposals((current) => (current ?? []).filter((p) => !ids.has(p.id)));
    setLastAccept({ ids: new Set(added.map((f) => f.id)), from: chosen });
    select(added.length === 1 ? (added[0]?.id ?? null) : null);
    notifySuccess(DETECT_TEXT.accepted(added.length));
  };
  const reject = (ids: Set<string>) => {
    setProposals((current) => (current ?? []).filter((p) => !ids.has(p.id)));
    select(null);
  };
  const undo = () => {
    if (!lastAccept) return;
    change(fields.filter((f) => !lastAccept.ids.has(f.id)));
    setProposals((current) => [...(current ?? []), ...lastAccept.from]);
    setLastAccept(null);
  };

  const list = proposals ?? [];
  const find = (id: string | null) => (id?.startsWith(PROPOSAL_PREFIX) ? list.find((p) => p.id === id) : undefined);
  const asBox = (p: Proposal): PdfField => ({
    id: p.id,
    key: p.suggestedKey,
    type: p.type,
    page: p.page,
    x: p.x,
    y: p.y,
    width: p.width,
    height: p.height,
    renderOrder: 0,
    required: false,
    euPermission: 'editTableByAllOwner',
    euEncrypted: false,
  });

  const button = (
    <Button variant="default" onClick={run} loading={detect.isPending}>
      {DETECT_TEXT.detect}
    </Button>
  );

  const banner: ReactNode =
    proposals === null && !lastAccept ? null : (
      <Alert color="grape" variant="light" title={DETECT_TEXT.title} aria-live="polite">
        <Stack gap={6}>
          <Text size="sm">{list.length ? DETECT_TEXT.intro(list.length) : lastAccept ? '' : DETECT_TEXT.none}</Text>
          <Group gap="xs">
            {list.length ? (
              <>
                <Button size="xs" color="grape.9" onClick={() => accept(list)}>
                  {DETECT_TEXT.acceptAll}
                </Button>
                <Button size="xs" variant="default" onClick={() => reject(new Set(list.map((p) => p.id)))}>
                  {DETECT_TEXT.rejectAll}
                </Button>
              </>
            ) : null}
            {lastAccept ? (
              <Button size="xs" variant="subtle" onClick={undo}>
                {DETECT_TEXT.undo}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Alert>
    );

  return {
    button,
    banner,
    /** The proposals as boxes for the canvas, after the mapping's own. */
    boxes: list.map(asBox),
    isProposal: (item: { id: string }) => item.id.startsWith(PROPOSAL_PREFIX),
    boxText: (item: { id: string }) => {
      const p = find(item.id);
      return p ? DETECT_TEXT.boxText(p.suggestedKey, confidencePercent(p)) : undefined;
    },
    boxLabel: (item: { id: string }) => {
      const p = find(item.id);
      return p
        ? DETECT_TEXT.boxLabel(p.suggestedKey, MAPPER_TEXT.types[p.type] ?? p.type, confidencePercent(p))
        : undefined;
    },
    /** A proposal moved or resized; true when the id was a proposal's. */
    move: (id: string, rect: Rect, page: PdfPage) => {
      if (!find(id)) return false;
      const next = clampRect(rect, page);
      setProposals((current) => (current ?? []).map((p) => (p.id === id ? { ...p, ...next } : p)));
      return true;
    },
    /** Delete on a proposal rejects it; duplicate does nothing. True when the id was a proposal's. */
    command: (id: string, action: 'delete' | 'duplicate') => {
      if (!find(id)) return false;
      if (action === 'delete') reject(new Set([id]));
      return true;
    },
    /** The side panel for a selected proposal, or undefined when the selection is no proposal. */
    panel: (selectedId: string | null) => {
      const p = find(selectedId);
      if (!p) return undefined;
      return (
        <Stack gap="xs" aria-label={DETECT_TEXT.selectedTitle}>
          <Title order={3} size="h5">
            {DETECT_TEXT.selectedTitle}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="grape">
              {MAPPER_TEXT.types[p.type] ?? p.type}
            </Badge>
            <Badge variant="outline" color="dark">
              {DETECT_TEXT.confidence(confidencePercent(p))}
            </Badge>
          </Group>
          <Text size="sm" ff="monospace">
            {p.suggestedKey}
            {p.optionValue ? ` = ${p.optionValue}` : ''}
          </Text>
          <Text size="sm">{DETECT_TEXT.labelOnPage(p.label)}</Text>
          <Text size="sm" c="dimmed">
            {p.binding ? DETECT_TEXT.bound(p.binding.label) : DETECT_TEXT.unbound}
          </Text>
          <Text size="xs" c="dimmed">
            {DETECT_TEXT.adjustHint}
          </Text>
          <Group gap="xs">
            <Button size="xs" color="grape.9" onClick={() => accept([p])}>
              {DETECT_TEXT.accept}
            </Button>
            <Button size="xs" variant="default" onClick={() => reject(new Set([p.id]))}>
              {DETECT_TEXT.reject}
            </Button>
          </Group>
        </Stack>
      );
    },
  };
}
