// The objects traindeck generate writes, as kubernetes-types declares them
// (generated from the official Kubernetes v1.30.0 OpenAPI spec).
import {Job} from 'kubernetes-types/batch/v1';
import {Service, ConfigMap, PodTemplateSpec} from 'kubernetes-types/core/v1';
export type K8sJob = Job;
export type K8sService = Service;
export type K8sConfigMap = ConfigMap;
export type K8sPodTemplateSpec = PodTemplateSpec;
