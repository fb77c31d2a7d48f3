// `npm run bench -- corpus`: the corpora of real-world input (issue 10). The Form.io half is here; the PDF half
// (helper D) joins this file at merge.
import { runFormioCorpus } from './_corpus-formio';

await runFormioCorpus();
