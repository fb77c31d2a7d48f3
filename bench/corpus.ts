// `npm run bench -- corpus`: the real-world corpora of issue 10 run end to end, with their figures: the Form.io
// forms through import and validation (_corpus-formio.ts), then the PDFs through inspection, AcroForm import,
// mapping save and review in the PDF workers (_corpus-pdf.ts).
import { runFormioCorpus } from './_corpus-formio';
import { runPdfCorpus } from './_corpus-pdf';

await runFormioCorpus();
await runPdfCorpus();
