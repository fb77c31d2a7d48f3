import { Alert, Image, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useCallback, useEffect, useState } from 'react';
import { PdfPages } from '../../../components/pdf-pages';
import { sameOriginFileUrl } from '../../../lib/file-url';

/** The file to preview: its name and type, and how to get a short-lived URL of it (asked for when opened). */
export interface PreviewTarget {
  name: string;
  contentType: string;
  url: () => Promise<string>;
}

/**
 * A generated document or an attachment shown in place (issue 14: "generated PDFs and attachments with previews"):
 * a PDF page by page (pdf.js, as the signing page draws it), an image as it is, anything else with a word to download
 * it. Full screen on a phone.
 */
export function PreviewDialog({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  // follows the screen (a phone turned, a window narrowed), not only the first render
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? T.previewOf(target.name) : ''}
      size="xl"
      fullScreen={narrow}
    >
      {target ? <PreviewBody target={target} /> : null}
    </Modal>
  );
}

function PreviewBody({ target }: { target: PreviewTarget }) {
  const isPdf = target.contentType === 'application/pdf';
  const isImage = /^image\/(png|jpe?g|gif|webp)$/.test(target.contentType);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { url } = target;
  const load = useCallback(async () => {
    // the signed URL is built on PUBLIC_URL: fetched on this page's own origin (the CSP allows 'self' only)
    const res = await fetch(sameOriginFileUrl(await url()));
    if (!res.ok) throw new Error(String(res.status));
    return res.arrayBuffer();
  }, [url]);
  useEffect(() => {
    if (!isImage) return;
    let cancelled = false;
    url().then(
      (u) => !cancelled && setImage(sameOriginFileUrl(u)),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [isImage, url]);
  if (isPdf) {
    return (
      <PdfPages
        load={load}
        fileName={target.name}
        text={{
          loading: T.previewLoading,
          failed: T.previewFailed,
          region: T.previewPages(target.name),
          page: T.previewPage,
          download: T.previewDownload,
        }}
      />
    );
  }
  if (isImage && !failed) {
    return image ? (
      <Image src={image} alt={target.name} fit="contain" mah="70vh" />
    ) : (
      <p role="status">{T.previewLoading}</p>
    );
  }
  return <Alert color={failed ? 'red' : 'gray'}>{failed ? T.previewFailed : T.previewNone}</Alert>;
}
