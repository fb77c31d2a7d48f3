// `npm run bench -- corpus`: the real-world corpora run end to end, with their figures. The PDF half is
// _corpus-pdf.ts (the Form.io half is added beside it).
import { runPdfCorpus } from './_corpus-pdf';

await runPdfCorpus();
