import base from './vite.config.ts';
import { gzipSync } from 'node:zlib';
export default {
  ...base,
  build: { ...base.build, outDir: '/tmp/an/dist' },
  plugins: [...base.plugins, {
    name: 'analyze',
    generateBundle(_o, bundle) {
      for (const [name, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk' || chunk.code.length < 20000) continue;
        console.log('\n##', name, chunk.code.length, 'gz', gzipSync(chunk.code).length);
        const agg = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          const k = id.includes('node_modules') ? id.split('node_modules/').pop().split('/').slice(0, id.split('node_modules/').pop().startsWith('@')?2:1).join('/') : id.replace(/.*\/packages\//,'');
          agg[k] = (agg[k] ?? 0) + m.renderedLength;
        }
        for (const [k, v] of Object.entries(agg).sort((a,b)=>b[1]-a[1]).slice(0, 25)) console.log(String(v).padStart(8), k);
      }
    },
  }],
};
