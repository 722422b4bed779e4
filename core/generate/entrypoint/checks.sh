is_count "$node_rank" || refuse "node rank '$node_rank' from the $platform convention is not a number"
is_count "$node_count" || refuse "node count '$node_count' from the $platform convention is not a number"
is_count "$master_port" || refuse "master port '$master_port' is not a number"
if ((node_count != plan_nodes)); then
    refuse "the platform runs $node_count nodes but these files were generated for $plan_nodes: regenerate them for this job size"
fi
if ((node_rank >= node_count)); then
    refuse "node rank $node_rank is out of range for $node_count nodes"
fi

# This node's GPUs. Where the platform already chose them (SLURM's gres, a
# runtime) CUDA_VISIBLE_DEVICES is kept and counted; otherwise nvidia-smi counts
# the GPUs the node (or the container) has.
if [[ -n ${CUDA_VISIBLE_DEVICES:-} ]]; then
    IFS=, read -r -a visible_gpus <<<"$CUDA_VISIBLE_DEVICES"
    gpu_count=${#visible_gpus[@]}
    gpu_source="CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"
else
    command -v nvidia-smi >/dev/null 2>&1 ||
        refuse "nvidia-smi not found, so this node's GPUs cannot be checked against the plan's $plan_gpus_per_node"
    gpu_list=$(nvidia-smi --query-gpu=index --format=csv,noheader) ||
        refuse "nvidia-smi failed, so this node's GPUs cannot be checked against the plan's $plan_gpus_per_node"
    gpu_count=$(grep -c . <<<"$gpu_list" || true)
    gpu_source="nvidia-smi"
    CUDA_VISIBLE_DEVICES=$plan_cuda_visible_devices
fi
if ((gpu_count > plan_gpus_per_node)); then
    refuse "this node has $gpu_count GPUs ($gpu_source) but the plan runs $plan_gpus_per_node per node: choose $plan_gpus_per_node of them with CUDA_VISIBLE_DEVICES (the plan's --visible-gpus, e.g. $plan_cuda_visible_devices), fix the node's GPU request, or regenerate the files with --gpus-per-node $gpu_count"
elif ((gpu_count != plan_gpus_per_node)); then
    refuse "this node has $gpu_count GPUs ($gpu_source) but the plan runs $plan_gpus_per_node per node: fix the node's GPU request or regenerate the files with --gpus-per-node $gpu_count"
fi
