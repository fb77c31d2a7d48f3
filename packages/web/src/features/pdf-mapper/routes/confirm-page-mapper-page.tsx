import { Button, Chip, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import type { PdfPage } from '@under/core/templates/pdf-field.schema';
import { CONFIRM_PAGE_ITEMS, type PdfTemplate } from '@under/core/templates/pdf-template.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type ConfirmPageItem, useConfirmPage, useSaveConfirmPage, useTemplate } from '../api/mapper-api';
import { MapperCanvas } from '../components/mapper-canvas';
import { MapperLoadError, MapperLoading } from '../components/mapper-layout';
import { MapperShell, useMapperState } from '../components/mapper-shell';
import { usePdfDocument } from '../components/use-pdf-document';
import { clampRect, duplicateRect, type Rect, snapToGrid } from '../lib/geometry';
import { newId } from '../lib/mapping-state';

type Item = (typeof CONFIRM_PAGE_ITEMS)[number];
type Box = Required<ConfirmPageItem>;

/** Boxes sized for what they hold: a signature needs height, initials little width. */
const ITEM_SIZES: Record<Item, { width: number; height: number }> = {
  email: { width: 200, height: 18 },
  principalName: { width: 200, height: 18 },
  signature: { width: 160, height: 40 },
  initials: { width: 60, height: 25 },
};
const MAX_OWNERS = 5;

const ownerLabel = (owner: Box['owner']) =>
  owner === 'primaryApplicant' ? MAPPER_TEXT.ownerPrimary : MAPPER_TEXT.ownerAdditional(owner);
const OWNER_OPTIONS = [
  { value: 'primaryApplicant', label: MAPPER_TEXT.ownerPrimary },
  ...Array.from({ length: MAX_OWNERS }, (_, i) => ({
    value: String(i + 1),
    label: MAPPER_TEXT.ownerAdditional(i + 1),
  })),
];
const parseOwner = (value: string): Box['owner'] => (value === 'primaryApplicant' ? value : Number(value));

/** /admin/mapper-confirm-page/{templateId}: where the signer's details print on the template's confirmation pages. */
export function ConfirmPageMapperPage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const confirm = useConfirmPage(templateId);
  if (template.isPending || confirm.isPending) return <MapperLoading />;
  if (template.isError || confirm.isError) {
    return (
      <MapperLoadError
        message={errorMessage(template.error ?? confirm.error)}
        onRetry={() => {
          void template.refetch();
          void confirm.refetch();
        }}
      />
    );
  }
  return (
    <ConfirmPageEditor
      template={template.data}
      saved={confirm.data.items.map((i) => ({ ...i, owner: i.owner ?? 'primaryApplicant' }))}
    />
  );
}

function ConfirmPageEditor({ template, saved }: { template: PdfTemplate; saved: Box[] }) {
  const pdf = usePdfDocument(template.downloadUrl, template.fileUrl);
  const save = useSaveConfirmPage(template.templateId);
  const state = useMapperState<Box, Item>({ saved, pages: template.pages });
  const { items, change, selected, pageOf, placing: placeItem } = state;
  const [placeOwner, setPlaceOwner] = useState<Box['owner']>('primaryApplicant');
  const pages = template.pages;

  const update = (id: string, patch: Partial<Box>) => change(items.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const place = (pageNumber: number, point: { x: number; y: number } | null) => {
    const item = placeItem ?? 'signature';
    const page = pageOf(pageNumber);
    const below = items.filter((i) => i.page === pageNumber).reduce((max, i) => Math.max(max, i.y + i.height), 28);
    const at = point
      ? state.isSnapping
        ? { x: snapToGrid(point.x), y: snapToGrid(point.y) }
        : point
      : { x: 36, y: below + 8 };
    const box: Box = {
      id: newId(),
      item,
      owner: placeOwner,
      page: pageNumber,
      ...clampRect({ ...at, ...ITEM_SIZES[item] }, page),
    };
    change([...items, box]);
    state.setSelectedId(box.id);
  };

  const command = (id: string, action: 'delete' | 'duplicate') => {
    const box = items.find((i) => i.id === id);
    if (!box) return;
    if (action === 'delete') {
      change(items.filter((i) => i.id !== id));
      state.setSelectedId(null);
      return;
    }
    const copy = { ...box, ...duplicateRect(box, pageOf(box.page)), id: newId() };
    change([...items, copy]);
    state.setSelectedId(copy.id);
  };

  const itemLabel = (item: string) => MAPPER_TEXT.confirmItems[item] ?? item;
  const onSave = () =>
    save.mutate(items, {
      onSuccess: (result) => {
        state.saved(result.items.map((i) => ({ ...i, owner: i.owner ?? 'primaryApplicant' })));
        notifySuccess(MAPPER_TEXT.confirmSaved);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <MapperShell
      state={state}
      title={MAPPER_TEXT.confirmTitle}
      description={
        <>
          {template.name} · {MAPPER_TEXT.confirmLead}
        </>
      }
      actions={
        <Button onClick={onSave} loading={save.isPending}>
          {MAPPER_TEXT.confirmSave}
        </Button>
      }
      palette={
        <Group gap="md">
          <Chip.Group
            multiple={false}
            value={placeItem ?? ''}
            onChange={(v) => state.setPlacing((v || null) as Item | null)}
          >
            <Group gap={6} role="radiogroup" aria-label={MAPPER_TEXT.confirmItemLabel}>
              {CONFIRM_PAGE_ITEMS.map((item) => (
                <Chip key={item} value={item} size="xs" variant="outline">
                  {itemLabel(item)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Select
            size="xs"
            w={190}
            label={MAPPER_TEXT.ownerLabel}
            data={OWNER_OPTIONS}
            value={String(placeOwner)}
            allowDeselect={false}
            onChange={(v) => v && setPlaceOwner(parseOwner(v))}
          />
        </Group>
      }
      hint={placeItem ? MAPPER_TEXT.placeHint(itemLabel(placeItem)) : MAPPER_TEXT.confirmEmpty}
      canvas={
        <MapperCanvas
          doc={pdf.doc}
          pages={pages}
          zoom={state.zoom}
          items={items}
          selectedId={state.selectedId}
          isPlacing={placeItem !== null}
          isSnapping={state.isSnapping}
          viewportRef={state.viewportRef}
          boxLabel={(b) => MAPPER_TEXT.confirmBoxLabel(itemLabel(b.item), ownerLabel(b.owner))}
          boxText={(b) => MAPPER_TEXT.confirmBoxLabel(itemLabel(b.item), ownerLabel(b.owner))}
          onSelect={state.setSelectedId}
          onPlace={place}
          onChange={(id, rect: Rect) => {
            const box = items.find((i) => i.id === id);
            if (box) update(id, clampRect(rect, pageOf(box.page)));
          }}
          onCommand={command}
        />
      }
      panel={
        selected ? (
          <Stack gap="sm" component="section" aria-labelledby="confirm-panel-title">
            <Group justify="space-between">
              <Title order={2} fz="lg" id="confirm-panel-title">
                {MAPPER_TEXT.confirmPanelTitle}
              </Title>
              <Group gap={6}>
                <Button size="compact-sm" variant="default" onClick={() => command(selected.id, 'duplicate')}>
                  {MAPPER_TEXT.duplicate}
                </Button>
                <Button size="compact-sm" variant="light" color="red" onClick={() => command(selected.id, 'delete')}>
                  {MAPPER_TEXT.remove}
                </Button>
              </Group>
            </Group>
            <Select
              label={MAPPER_TEXT.confirmItemLabel}
              data={CONFIRM_PAGE_ITEMS.map((i) => ({ value: i, label: itemLabel(i) }))}
              value={selected.item}
              allowDeselect={false}
              onChange={(v) => v && update(selected.id, { item: v as Item })}
            />
            <Select
              label={MAPPER_TEXT.ownerLabel}
              data={OWNER_OPTIONS}
              value={String(selected.owner)}
              allowDeselect={false}
              onChange={(v) => v && update(selected.id, { owner: parseOwner(v) })}
            />
            <RectInputs box={selected} pages={pages} onChange={(patch) => update(selected.id, patch)} />
            <Text size="xs" c="dimmed">
              {MAPPER_TEXT.keyboardHelp}
            </Text>
          </Stack>
        ) : (
          <Text c="dimmed" size="sm">
            {items.length ? MAPPER_TEXT.panelEmpty : MAPPER_TEXT.confirmEmpty}
          </Text>
        )
      }
    />
  );
}

function RectInputs({
  box,
  pages,
  onChange,
}: {
  box: Box;
  pages: readonly PdfPage[];
  onChange: (patch: Partial<Box>) => void;
}) {
  const page = pages.find((p) => p.page === box.page);
  const set = (key: keyof Rect, value: string | number) => {
    const n = typeof value === 'number' ? value : Number.parseFloat(value);
    if (!Number.isFinite(n) || !page) return;
    onChange(clampRect({ x: box.x, y: box.y, width: box.width, height: box.height, [key]: n }, page));
  };
  return (
    <>
      <Group grow gap="xs">
        <Select
          label={MAPPER_TEXT.pageInput}
          data={pages.map((p) => String(p.page))}
          value={String(box.page)}
          allowDeselect={false}
          onChange={(v) => {
            const target = pages.find((p) => String(p.page) === v);
            if (target) onChange({ page: target.page, ...clampRect(box, target) });
          }}
        />
        <NumberInput label={MAPPER_TEXT.xInput} min={0} decimalScale={2} value={box.x} onChange={(v) => set('x', v)} />
        <NumberInput label={MAPPER_TEXT.yInput} min={0} decimalScale={2} value={box.y} onChange={(v) => set('y', v)} />
      </Group>
      <Group grow gap="xs">
        <NumberInput
          label={MAPPER_TEXT.widthInput}
          min={4}
          decimalScale={2}
          value={box.width}
          onChange={(v) => set('width', v)}
        />
        <NumberInput
          label={MAPPER_TEXT.heightInput}
          min={4}
          decimalScale={2}
          value={box.height}
          onChange={(v) => set('height', v)}
        />
      </Group>
    </>
  );
}
