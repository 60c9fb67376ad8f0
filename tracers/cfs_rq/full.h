/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cfs_rq from 7.1 on (seen in 7.2): the sums sum_w_vruntime and
 * sum_weight, v0 zero_vruntime, and the full load.weight in V, shifted by
 * cfs_rq->sum_shift only when that is non-zero ("full" model; module/eevdf.h).
 * For eevdf_pick.bt: bpftrace --include this file (tracers/cfs_rq_layout).
 */
#define CFS_V0 zero_vruntime
#define CFS_SUM sum_w_vruntime
#define CFS_LOAD sum_weight
#define CFS_MODEL 1
#define CFS_SHIFT $cfs->sum_shift
#define CFS_WEIGHT load
