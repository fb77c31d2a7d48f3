import { Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import type { PdfPage } from '@under/core/templates/pdf-field.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { fitZoom } from '../lib/geometry';
import { MapperLayout } from './mapper-layout';
import { ZoomControls } from './zoom-controls';

/**
 * What both mappers (the template's fields, issue 5; the confirmation page's boxes) hold the same way: the boxes
 * being edited and whether they differ from the saved ones, the selection, the "place" mode that Escape leaves,
 * zoom and snapping, and the page of a box. Each mapper adds what is its own (problems, proposals, owners).
 */
export function useMapperState<T extends { id: string }, P extends string>(opts: {
  saved: T[];
  pages: readonly PdfPage[];
  /** Called on every change, after the boxes are set (the fields mapper forgets the server's problems). */
  onChange?: () => void;
}) {
  const [items, setItems] = useState<T[]>(opts.saved);
  const [isDirty, setIsDirty] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [placing, setPlacing] = useState<P | null>(null);
  const [zoom, setZoom] = useState(1);
  const [isSnapping, setIsSnapping] = useState(true);
  const viewportRef = useRef<HTMLDivElement>(null);
  const { pages, onChange } = opts;

  // a template always has a page (uploads of 0 pages are refused); the fallback only satisfies the types
  const pageOf = useCallback(
    (n: number): PdfPage => pages.find((p) => p.page === n) ?? { page: n, width: 612, height: 792, rotation: 0 },
    [pages],
  );

  useEffect(() => {
    if (!placing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlacing(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [placing]);

  return {
    items,
    isDirty,
    selectedId,
    setSelectedId,
    selected: items.find((i) => i.id === selectedId) ?? null,
    placing,
    setPlacing,
    zoom,
    setZoom,
    isSnapping,
    setIsSnapping,
    viewportRef,
    pageOf,
    /** The boxes changed by the admin: not saved yet. */
    change(next: T[]) {
      setItems(next);
      setIsDirty(true);
      onChange?.();
    },
    /** The server's copy after a save. */
    saved(next: T[]) {
      setItems(next);
      setIsDirty(false);
    },
    fit() {
      setZoom(fitZoom((viewportRef.current?.clientWidth ?? 800) - 48, pages));
    },
  };
}

export type MapperState<T extends { id: string }, P extends string> = ReturnType<typeof useMapperState<T, P>>;

/**
 * The page of a mapper: the leave warning while unsaved, the header (title, what is mapped, "Unsaved", back to the
 * templates and the page's own actions), alerts, the toolbar (the page's palette, then zoom and snapping), the
 * hint that says what a click does, then the pages and the panel.
 */
export function MapperShell(props: {
  state: Pick<
    MapperState<{ id: string }, string>,
    'isDirty' | 'zoom' | 'setZoom' | 'isSnapping' | 'setIsSnapping' | 'fit'
  >;
  title: string;
  description: ReactNode;
  actions: ReactNode;
  alerts?: ReactNode;
  palette: ReactNode;
  hint: string;
  canvas: ReactNode;
  panel: ReactNode;
}) {
  const { state } = props;
  return (
    <Container fluid px="lg" py="md">
      <Stack gap="md">
        <LeaveGuard
          when={state.isDirty}
          title={MAPPER_TEXT.leaveTitle}
          message={MAPPER_TEXT.leaveMessage}
          leaveLabel={MAPPER_TEXT.leaveConfirm}
        />
        <PageHeader
          title={props.title}
          description={
            <>
              {props.description}
              {state.isDirty ? (
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
              {props.actions}
            </>
          }
        />
        {props.alerts}
        <Group justify="space-between" gap="sm" role="toolbar" aria-label={MAPPER_TEXT.toolbarLabel}>
          {props.palette}
          <ZoomControls
            zoom={state.zoom}
            onZoom={state.setZoom}
            onFit={state.fit}
            isSnapping={state.isSnapping}
            onSnapping={state.setIsSnapping}
          />
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {props.hint}
        </Text>
        <MapperLayout canvas={props.canvas} panel={props.panel} />
      </Stack>
    </Container>
  );
}
