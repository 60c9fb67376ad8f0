/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cfs_rq as in newer kernels (seen on 6.18.44): the sums renamed to
 * sum_w_vruntime and sum_weight, v0 is zero_vruntime.
 */
#define CFS_V0 zero_vruntime
#define CFS_SUM sum_w_vruntime
#define CFS_LOAD sum_weight
