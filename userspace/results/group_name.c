// SPDX-License-Identifier: GPL-2.0
/* The name of a group of a group sweep. */
#include <ctype.h>
#include <stddef.h>

#include "results/group_name.h"

bool sweep_group_name_ok(const char *name)
{
	size_t i;

	if (!islower((unsigned char)name[0]))
		return false;
	for (i = 0; name[i]; i++)
		if (i == SWEEP_GROUP_NAME_MAX ||
		    (!islower((unsigned char)name[i]) &&
		     !isdigit((unsigned char)name[i]) && name[i] != '_'))
			return false;
	return true;
}
