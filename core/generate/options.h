#pragma once
// What a target needs beyond the plan: where it runs and with what. The job's
// name, image and namespace are plan fields (plan.launch); these are the
// cluster-side details a plan does not describe.

#include <string>
#include <vector>

namespace traindeck::generate {

// A Kubernetes PersistentVolumeClaim mounted into every pod.
struct VolumeMount {
    std::string claim;      // PVC name (DNS-1123 subdomain)
    std::string mountPath;  // absolute path in the container
    bool readOnly = false;
};

// An environment variable whose value stays in a Kubernetes Secret: only the
// reference lands in a file, never the value.
struct SecretEnv {
    std::string var;     // HF_TOKEN
    std::string secret;  // Secret name
    std::string key;     // key inside the Secret
};

struct GenerateOptions {
    // Where the job queues and how urgent it is, in each platform's own terms.
    std::string queue;          // Kueue LocalQueue (k8s, pytorchjob) and SLURM partition
    std::string priorityClass;  // Kubernetes PriorityClass (k8s, pytorchjob)
    std::string qos;            // SLURM quality of service
    std::string paiResourceId;  // PAI-DLC resource group or quota; empty: pay-as-you-go ECS
    int paiPriority = 0;        // PAI-DLC priority 1 (lowest) to 9; 0: PAI's default
    std::vector<VolumeMount> mounts;
    std::vector<SecretEnv> secrets;
    std::vector<std::string> hosts;  // ssh: one host per node, node 0 first (the master)
    std::string sshConfigFile;       // ssh: the configuration that names the hosts; empty: ssh's own
    std::string ecsSpec;      // PAI-DLC: the ECS instance type of a node
    std::string workspaceId;  // PAI-DLC workspace (CreateJob requires it)
    std::string shmSize;      // k8s: limit of the /dev/shm memory volume ("64Gi"); empty: none
    std::string timeLimit;    // SLURM --time ("2-00:00:00"); empty: the partition's default
    std::string metricsFile;    // traindeck-trainer --metrics-file; empty: none
    int retries = 2;  // how many failures of the whole job the platform retries
};

}  // namespace traindeck::generate
