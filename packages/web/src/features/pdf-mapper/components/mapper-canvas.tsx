import { Button } from '@mantine/core';
import type { PdfPage } from '@under/core/templates/pdf-field.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import type { Ref } from 'react';
import type { Rect } from '../lib/geometry';
import type { PDFDocumentProxy } from '../lib/pdf-document';
import classes from './mapper.module.css';
import { type BoxCommand, MapperBox } from './mapper-box';
import { PdfPageView } from './pdf-page-view';

export interface PlacedBox extends Rect {
  id: string;
  page: number;
}

interface MapperCanvasProps<T extends PlacedBox> {
  doc: PDFDocumentProxy | null;
  pages: readonly PdfPage[];
  zoom: number;
  items: readonly T[];
  selectedId: string | null;
  isPlacing: boolean;
  isSnapping: boolean;
  viewportRef?: Ref<HTMLDivElement>;
  boxLabel: (item: T) => string;
  boxText: (item: T) => string;
  isInvalid?: (item: T) => boolean;
  /** Detected fields not accepted yet are drawn dashed (issue 25). */
  isProposal?: (item: T) => boolean;
  onSelect: (id: string | null) => void;
  /** A click on a page while placing, or the page's "Place on page" button (point null: the next free spot). */
  onPlace: (page: number, point: { x: number; y: number } | null) => void;
  onChange: (id: string, rect: Rect) => void;
  onCommand: (id: string, command: BoxCommand) => void;
}

/** Every page of the template, scrollable, with the boxes placed on each; shared by both mappers. */
export function MapperCanvas<T extends PlacedBox>({
  doc,
  pages,
  zoom,
  items,
  selectedId,
  isPlacing,
  isSnapping,
  viewportRef,
  boxLabel,
  boxText,
  isInvalid,
  isProposal,
  onSelect,
  onPlace,
  onChange,
  onCommand,
}: MapperCanvasProps<T>) {
  return (
    <div ref={viewportRef} className={classes.viewport}>
      <div className={classes.pages}>
        {pages.map((page) => {
          const onPage = items.filter((item) => item.page === page.page);
          return (
            <PdfPageView
              key={page.page}
              doc={doc}
              page={page}
              pageCount={pages.length}
              zoom={zoom}
              isPlacing={isPlacing}
              onPageClick={(point) => (isPlacing ? onPlace(page.page, point) : onSelect(null))}
              headerActions={
                <Button size="compact-xs" variant="default" onClick={() => onPlace(page.page, null)}>
                  {MAPPER_TEXT.placeOnPageButton(page.page)}
                </Button>
              }
            >
              {onPage.map((item) => (
                <MapperBox
                  key={item.id}
                  rect={item}
                  page={page}
                  zoom={zoom}
                  label={boxLabel(item)}
                  text={boxText(item)}
                  isSelected={item.id === selectedId}
                  isInvalid={isInvalid?.(item)}
                  isProposal={isProposal?.(item)}
                  isSnapping={isSnapping}
                  others={onPage.filter((o) => o.id !== item.id)}
                  onSelect={() => onSelect(item.id)}
                  onChange={(rect) => onChange(item.id, rect)}
                  onCommand={(command) => onCommand(item.id, command)}
                />
              ))}
            </PdfPageView>
          );
        })}
      </div>
    </div>
  );
}
