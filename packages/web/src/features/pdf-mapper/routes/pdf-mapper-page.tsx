import { Alert, Anchor, Button, Chip, Group, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { PDF_FIELD_TYPES, type PdfField, type PdfFieldType } from '@under/core/templates/pdf-field.schema';
import type { PdfTemplate } from '@under/core/templates/pdf-template.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
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
import { MapperLoadError, MapperLoading } from '../components/mapper-layout';
import { MapperShell, useMapperState } from '../components/mapper-shell';
import { usePdfDocument } from '../components/use-pdf-document';
import { nextFreeSpot, placeField, type Rect, snapToGrid } from '../lib/geometry';
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

  const [saveError, setSaveError] = useState<{ message: string; problems: string[] } | null>(null);
  const [serverProblems, setServerProblems] = useState<Map<string, { message: string }[]>>(new Map());
  const [reviewUrl, setReviewUrl] = useState<string | null>(null);
  const [isReviewBlocked, setIsReviewBlocked] = useState(false);
  const pages = template.pages;
  const state = useMapperState<PdfField, PdfFieldType>({
    saved,
    pages,
    onChange: () => {
      setServerProblems(new Map());
      setSaveError(null);
    },
  });
  const { items: fields, change, selected, selectedId, setSelectedId, pageOf, placing: placeType } = state;
  const localProblems = useMemo(() => problemsById(fields, pages), [fields, pages]);
  const detect = useDetectProposals({
    templateId: template.templateId,
    fields,
    dictionaries: dictionaries.data ?? [],
    change: (next) => change(next),
    select: setSelectedId,
  });

  useEffect(() => () => (reviewUrl ? URL.revokeObjectURL(reviewUrl) : undefined), [reviewUrl]);

  const place = (pageNumber: number, point: { x: number; y: number } | null) => {
    const type = placeType ?? 'text';
    const page = pageOf(pageNumber);
    // with snapping on, a click lands on the grid like a moved box does
    const at = point && state.isSnapping ? { x: snapToGrid(point.x), y: snapToGrid(point.y) } : point;
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
        state.saved(result.data);
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

  const typeLabel = (type: string) => MAPPER_TEXT.types[type] ?? type;
  const problemsOf = (id: string) => [...(localProblems.get(id) ?? []), ...(serverProblems.get(id) ?? [])];

  return (
    <MapperShell
      state={state}
      title={MAPPER_TEXT.title}
      description={
        <>
          {template.name} · {MAPPER_TEXT.fieldCount(fields.length)}
        </>
      }
      actions={
        <>
          {detect.button}
          <Button variant="default" onClick={onReview} loading={review.isPending}>
            {MAPPER_TEXT.review}
          </Button>
          <Button onClick={onSave} loading={save.isPending}>
            {MAPPER_TEXT.save}
          </Button>
        </>
      }
      alerts={
        <>
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
        </>
      }
      palette={
        <Chip.Group
          multiple={false}
          value={placeType ?? ''}
          onChange={(value) => state.setPlacing((value || null) as PdfFieldType | null)}
        >
          <Group gap={6} role="radiogroup" aria-label={MAPPER_TEXT.paletteLabel}>
            {PDF_FIELD_TYPES.map((type) => (
              <Chip key={type} value={type} size="xs" variant="outline">
                {typeLabel(type)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      }
      hint={placeType ? MAPPER_TEXT.placeHint(typeLabel(placeType)) : MAPPER_TEXT.paletteHint}
      canvas={
        <MapperCanvas
          doc={pdf.doc}
          pages={pages}
          zoom={state.zoom}
          items={[...fields, ...detect.boxes]}
          selectedId={selectedId}
          isPlacing={placeType !== null}
          isSnapping={state.isSnapping}
          viewportRef={state.viewportRef}
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
  );
}
