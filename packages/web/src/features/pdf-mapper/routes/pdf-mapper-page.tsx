import { Alert, Anchor, Badge, Button, Chip, Container, Group, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import {
  PDF_FIELD_TYPES,
  type PdfField,
  type PdfFieldType,
  type PdfPage,
} from '@under/core/templates/pdf-field.schema';
import type { PdfTemplate } from '@under/core/templates/pdf-template.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useDictionaryEntries,
  useFormFields,
  useMapping,
  useReviewPdf,
  useSaveMapping,
  useTemplate,
} from '../api/mapper-api';
import { useDetectProposals } from '../components/detect-proposals';
import { FieldPanel } from '../components/field-panel';
import { MapperCanvas } from '../components/mapper-canvas';
import { MapperLayout, MapperLoadError, MapperLoading } from '../components/mapper-layout';
import { usePdfDocument } from '../components/use-pdf-document';
import { ZoomControls } from '../components/zoom-controls';
import { fitZoom, nextFreeSpot, placeField, type Rect, snapToGrid } from '../lib/geometry';
import {
  createField,
  duplicateField,
  fromAcroFields,
  groupProblems,
  moveField,
  problemsById,
  removeField,
  updateField,
} from '../lib/mapping-state';

/** /admin/pdf-mapping/edit/{templateId}/{formId?}: place the fields of a template on its pages (issue 5). */
export function PdfMapperPage() {
  const { templateId = '', formId } = useParams();
  const template = useTemplate(templateId);
  const mapping = useMapping(templateId);

  if (template.isPending || mapping.isPending) return <MapperLoading />;
  if (template.isError || mapping.isError) {
    return (
      <MapperLoadError
        message={errorMessage(template.error ?? mapping.error)}
        onRetry={() => {
          void template.refetch();
          void mapping.refetch();
        }}
      />
    );
  }
  return <PdfMapperEditor template={template.data} saved={mapping.data.data} formId={formId} />;
}

function PdfMapperEditor({
  template,
  saved,
  formId,
}: {
  template: PdfTemplate;
  saved: PdfField[];
  formId: string | undefined;
}) {
  const pdf = usePdfDocument(template.downloadUrl, template.fileUrl);
  const dictionaries = useDictionaryEntries();
  const formFields = useFormFields(formId);
  const save = useSaveMapping(template.templateId);
  const review = useReviewPdf(template.templateId);

  const [fields, setFields] = useState<PdfField[]>(saved);
  const [isDirty, setIsDirty] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [placeType, setPlaceType] = useState<PdfFieldType | null>(null);
  const [zoom, setZoom] = useState(1);
  const [isSnapping, setIsSnapping] = useState(true);
  const [saveError, setSaveError] = useState<{ message: string; problems: string[] } | null>(null);
  const [serverProblems, setServerProblems] = useState<Map<string, { message: string }[]>>(new Map());
  const [reviewUrl, setReviewUrl] = useState<string | null>(null);
  const [isReviewBlocked, setIsReviewBlocked] = useState(false);
  const viewportRef = useRef<HTMLDivElement>(null);
  const leaveWarning = (
    <LeaveGuard
      when={isDirty}
      title={MAPPER_TEXT.leaveTitle}
      message={MAPPER_TEXT.leaveMessage}
      leaveLabel={MAPPER_TEXT.leaveConfirm}
    />
  );

  const pages = template.pages;
  // a template always has a page (uploads of 0 pages are refused); the fallback only satisfies the types
  const pageOf = useCallback(
    (n: number): PdfPage => pages.find((p) => p.page === n) ?? { page: n, width: 612, height: 792, rotation: 0 },
    [pages],
  );
  const localProblems = useMemo(() => problemsById(fields, pages), [fields, pages]);
  const selected = fields.find((f) => f.id === selectedId) ?? null;
  const detect = useDetectProposals({
    templateId: template.templateId,
    fields,
    dictionaries: dictionaries.data ?? [],
    change: (next) => change(next),
    select: setSelectedId,
  });

  const change = (next: PdfField[]) => {
    setFields(next);
    setIsDirty(true);
    setServerProblems(new Map());
    setSaveError(null);
  };

  useEffect(() => {
    if (!placeType) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlaceType(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [placeType]);

  useEffect(() => () => (reviewUrl ? URL.revokeObjectURL(reviewUrl) : undefined), [reviewUrl]);

  const place = (pageNumber: number, point: { x: number; y: number } | null) => {
    const type = placeType ?? 'text';
    const page = pageOf(pageNumber);
    // with snapping on, a click lands on the grid like a moved box does
    const at = point && isSnapping ? { x: snapToGrid(point.x), y: snapToGrid(point.y) } : point;
    const rect = at
      ? placeField(type, at, page)
      : nextFreeSpot(
          type,
          fields.filter((f) => f.page === pageNumber),
          page,
        );
    const field = createField(fields, type, pageNumber, rect);
    change([...fields, field]);
    setSelectedId(field.id);
  };

  const command = (id: string, action: 'delete' | 'duplicate') => {
    if (detect.command(id, action)) return;
    const field = fields.find((f) => f.id === id);
    if (!field) return;
    if (action === 'delete') {
      change(removeField(fields, id));
      setSelectedId(null);
    } else {
      const copy = duplicateField(fields, field, pageOf(field.page));
      change([...fields, copy]);
      setSelectedId(copy.id);
    }
  };

  const onSave = () => {
    setSaveError(null);
    if (fields.length === 0) {
      setSaveError({ message: MESSAGES.mappingEmpty, problems: [] });
      return;
    }
    save.mutate(fields, {
      onSuccess: (result) => {
        setFields(result.data);
        setIsDirty(false);
        notifySuccess(MAPPER_TEXT.saved);
      },
      onError: (error) => {
        const problems = error instanceof HttpError ? error.errors : [];
        setServerProblems(groupProblems(fields, problems));
        setSaveError({
          message: errorMessage(error),
          problems: problems.map((p) => {
            const index = /^data\.(\d+)/.exec(p.path)?.[1];
            const key = index === undefined ? null : fields[Number(index)]?.key;
            return key ? `${key}: ${p.message}` : p.message;
          }),
        });
      },
    });
  };

  const onReview = () => {
    review.mutate(fields, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        setReviewUrl(url);
        // a blob: URL of our origin; frames are blocked by the CSP, so a tab shows it
        const opened = window.open(url, '_blank');
        setIsReviewBlocked(!opened);
        if (opened) notifySuccess(MAPPER_TEXT.reviewOpened);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  const onFit = () => {
    const width = viewportRef.current?.clientWidth ?? 800;
    setZoom(fitZoom(width - 48, pages));
  };

  const typeLabel = (type: string) => MAPPER_TEXT.types[type] ?? type;
  const problemsOf = (id: string) => [...(localProblems.get(id) ?? []), ...(serverProblems.get(id) ?? [])];

  return (
    <Container fluid px="lg" py="md">
      <Stack gap="md">
        {leaveWarning}
        <PageHeader
          title={MAPPER_TEXT.title}
          description={
            <>
              {template.name} · {MAPPER_TEXT.fieldCount(fields.length)}
              {isDirty ? (
                <Badge component="span" ml="xs" color="dark" variant="outline">
                  {MAPPER_TEXT.unsaved}
                </Badge>
              ) : null}
            </>
          }
          actions={
            <>
              <Button component={Link} to="/pdf-mapping" variant="subtle">
                {MAPPER_TEXT.backToTemplates}
              </Button>
              {detect.button}
              <Button variant="default" onClick={onReview} loading={review.isPending}>
                {MAPPER_TEXT.review}
              </Button>
              <Button onClick={onSave} loading={save.isPending}>
                {MAPPER_TEXT.save}
              </Button>
            </>
          }
        />
        {saveError ? (
          <Alert color="red" role="alert" withCloseButton onClose={() => setSaveError(null)} closeButtonLabel="×">
            <Text size="sm" fw={600}>
              {saveError.message}
            </Text>
            {saveError.problems.length ? (
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {saveError.problems.map((p) => (
                  <li key={p}>
                    <Text size="sm">{p}</Text>
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {reviewUrl && isReviewBlocked ? (
          <Text size="sm">
            {MAPPER_TEXT.reviewBlocked}{' '}
            <Anchor href={reviewUrl} target="_blank" rel="noopener">
              {MAPPER_TEXT.reviewLink}
            </Anchor>
          </Text>
        ) : null}
        {fields.length === 0 && template.acroFields.length > 0 ? (
          <Alert color="blue" variant="light" title={MAPPER_TEXT.acroTitle}>
            <Button
              size="xs"
              onClick={() => {
                change(fromAcroFields(template.acroFields));
                setSelectedId(null);
              }}
            >
              {MAPPER_TEXT.acroStart(template.acroFields.length)}
            </Button>
          </Alert>
        ) : null}
        {detect.banner}
        {pdf.status === 'error' ? (
          <Alert color="red" role="alert">
            {MAPPER_TEXT.pdfError}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm" role="toolbar" aria-label={MAPPER_TEXT.toolbarLabel}>
          <Chip.Group
            multiple={false}
            value={placeType ?? ''}
            onChange={(value) => setPlaceType((value || null) as PdfFieldType | null)}
          >
            <Group gap={6} role="radiogroup" aria-label={MAPPER_TEXT.paletteLabel}>
              {PDF_FIELD_TYPES.map((type) => (
                <Chip key={type} value={type} size="xs" variant="outline">
                  {typeLabel(type)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <ZoomControls zoom={zoom} onZoom={setZoom} onFit={onFit} isSnapping={isSnapping} onSnapping={setIsSnapping} />
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {placeType ? MAPPER_TEXT.placeHint(typeLabel(placeType)) : MAPPER_TEXT.paletteHint}
        </Text>
        <MapperLayout
          canvas={
            <MapperCanvas
              doc={pdf.doc}
              pages={pages}
              zoom={zoom}
              items={[...fields, ...detect.boxes]}
              selectedId={selectedId}
              isPlacing={placeType !== null}
              isSnapping={isSnapping}
              viewportRef={viewportRef}
              boxLabel={(f) =>
                detect.boxLabel(f) ??
                `${MAPPER_TEXT.boxLabel(f.key, typeLabel(f.type))}${f.optionValue ? ` = ${f.optionValue}` : ''}`
              }
              boxText={(f) => detect.boxText(f) ?? f.key}
              isProposal={detect.isProposal}
              isInvalid={(f) => problemsOf(f.id).length > 0}
              onSelect={setSelectedId}
              onPlace={place}
              onChange={(id, rect: Rect) => {
                if (detect.move(id, rect, pageOf(detect.boxes.find((b) => b.id === id)?.page ?? 1))) return;
                const field = fields.find((f) => f.id === id);
                if (field) change(moveField(fields, id, rect, pageOf(field.page)));
              }}
              onCommand={command}
            />
          }
          panel={
            detect.panel(selectedId) ??
            (selected ? (
              <FieldPanel
                key={selected.id}
                field={selected}
                fields={fields}
                pages={pages}
                dictionaries={dictionaries.data ?? []}
                formFields={formFields.data ?? []}
                problems={problemsOf(selected.id)}
                onChange={(patch) => change(updateField(fields, selected.id, patch))}
                onDuplicate={() => command(selected.id, 'duplicate')}
                onRemove={() => command(selected.id, 'delete')}
              />
            ) : (
              <Text c="dimmed" size="sm">
                {fields.length ? MAPPER_TEXT.panelEmpty : MAPPER_TEXT.emptyMapping}
              </Text>
            ))
          }
        />
      </Stack>
    </Container>
  );
}
