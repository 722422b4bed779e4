// kmvalidate.mjs < [[path, index, object], ...]: kubernetes-models 5.1.0 validators, compiled
// from the official Kubernetes OpenAPI: types, enums, required fields, int32/int64.
// They do not reject unknown fields (validate.py does). PyTorchJob: its pod templates.
import fs from 'node:fs';
import { Job } from 'kubernetes-models/batch/v1';
import { Service, ConfigMap, PodTemplateSpec } from 'kubernetes-models/v1';
const docs = JSON.parse(fs.readFileSync(0, 'utf8'));
let bad = 0;
for (const [path, n, doc] of docs) {
  const checks = [];
  if (doc.kind === 'Job') checks.push(['', new Job(doc)]);
  else if (doc.kind === 'Service') checks.push(['', new Service(doc)]);
  else if (doc.kind === 'ConfigMap') checks.push(['', new ConfigMap(doc)]);
  else if (doc.kind === 'PyTorchJob')
    for (const [r, spec] of Object.entries(doc.spec.pytorchReplicaSpecs)) checks.push([`/spec/pytorchReplicaSpecs/${r}/template`, new PodTemplateSpec(spec.template)]);
  for (const [where, obj] of checks) {
    try { obj.validate(); console.log(`ok   ${path} doc${n} ${doc.kind}${where}`); }
    catch (e) { bad++; console.log(`FAIL ${path} doc${n} ${doc.kind}${where}: ${e.message.slice(0, 600)}`); }
  }
}
process.exit(bad ? 1 : 0);
