#!/usr/bin/env python3
"""validate.py SCHEMA_DIR FILE.yaml...: each object of each file against a strict JSON schema.

Job, Service, ConfigMap: the draft-07 schemas run.sh builds from kubernetes-types 1.30.0
(generated from the official Kubernetes v1.30.0 OpenAPI) with ts-json-schema-generator;
unknown fields are errors (additionalProperties: false), as in the *-strict schemas.
PyTorchJob: the openAPIV3Schema of kubeflow/training-operator's kubeflow.org_pytorchjobs.yaml
(commit c20bf65e, controller-gen v0.16.5), its PyTorchJob-specific part written out below
field by field; the pod template's spec is the strict Kubernetes PodSpec above. Unknown
fields are errors here too: the API server prunes them from a CRD object silently, and
kubectl's strict field validation rejects them."""
import copy, json, sys

import jsonschema
import yaml

S = sys.argv[1] + "/"
def load(t):
    s = json.load(open(S + t + '.schema.json')); return s
schemas = {'Job': load('K8sJob'), 'Service': load('K8sService'), 'ConfigMap': load('K8sConfigMap')}
pts = load('K8sPodTemplateSpec')
defs = copy.deepcopy(pts['definitions'])
i32 = {'type': 'integer', 'minimum': -2**31, 'maximum': 2**31 - 1}
i64 = {'type': 'integer'}
rdzv = {'type': 'object', 'additionalProperties': False, 'properties': {'key': {'type': 'string'}, 'value': {'type': 'string'}}}
crd_template_meta = {'type': 'object', 'additionalProperties': False, 'properties': {
    'annotations': {'type': 'object', 'additionalProperties': {'type': 'string'}},
    'finalizers': {'type': 'array', 'items': {'type': 'string'}},
    'labels': {'type': 'object', 'additionalProperties': {'type': 'string'}},
    'name': {'type': 'string'}, 'namespace': {'type': 'string'}}}
quantity = {'anyOf': [{'type': 'integer'}, {'type': 'string', 'pattern': r'^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$'}]}
pytorchjob = {
  'definitions': defs, 'type': 'object', 'additionalProperties': False,
  'properties': {
    'apiVersion': {'type': 'string', 'const': 'kubeflow.org/v1'},
    'kind': {'type': 'string', 'const': 'PyTorchJob'},
    'metadata': {'$ref': '#/definitions/ObjectMeta'},  # CRD says type: object; apiserver validates ObjectMeta
    'spec': {'type': 'object', 'additionalProperties': False, 'required': ['pytorchReplicaSpecs'], 'properties': {
      'elasticPolicy': {'type': 'object', 'additionalProperties': False, 'properties': {
          'maxReplicas': i32, 'maxRestarts': i32, 'metrics': {'type': 'array'}, 'minReplicas': i32,
          'nProcPerNode': i32, 'rdzvBackend': {'type': 'string'}, 'rdzvConf': {'type': 'array', 'items': rdzv},
          'rdzvHost': {'type': 'string'}, 'rdzvId': {'type': 'string'}, 'rdzvPort': i32, 'standalone': {'type': 'boolean'}}},
      'nprocPerNode': {'type': 'string'},
      'pytorchReplicaSpecs': {'type': 'object', 'additionalProperties': {
          'type': 'object', 'additionalProperties': False, 'properties': {
            'replicas': i32,
            # The CRD says only `type: string`; the values are those its description lists.
            'restartPolicy': {'type': 'string', 'enum': ['Always', 'OnFailure', 'Never', 'ExitCode']},
            'template': {'type': 'object', 'additionalProperties': False, 'properties': {
                'metadata': crd_template_meta, 'spec': {'$ref': '#/definitions/PodSpec'}}}}}},
      'runPolicy': {'type': 'object', 'additionalProperties': False, 'properties': {
          'activeDeadlineSeconds': i64, 'backoffLimit': i32, 'cleanPodPolicy': {'type': 'string'},
          'managedBy': {'type': 'string'},
          'schedulingPolicy': {'type': 'object', 'additionalProperties': False, 'properties': {
              'minAvailable': i32, 'minResources': {'type': 'object', 'additionalProperties': quantity},
              'priorityClass': {'type': 'string'}, 'queue': {'type': 'string'}, 'scheduleTimeoutSeconds': i32}},
          'suspend': {'type': 'boolean'}, 'ttlSecondsAfterFinished': i32}}}},
    'status': {'type': 'object'}}}
schemas['PyTorchJob'] = pytorchjob
bad = 0
for path in sys.argv[2:]:
    for n, doc in enumerate(yaml.safe_load_all(open(path))):
        if doc is None: continue
        kind = doc.get('kind')
        v = jsonschema.Draft7Validator(schemas[kind])
        errs = sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errs:
            bad += 1
            print(f'FAIL {path} doc{n} {kind}: /{"/".join(map(str, e.absolute_path))}: {e.message[:300]}')
        if not errs: print(f'ok   {path} doc{n} {kind}')
sys.exit(1 if bad else 0)
