// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "kmod/modinfo.h"
#include "lib/read_file.h"

int modinfo_parse(const void *elf, size_t size, struct modinfo *mi, char *err,
		  size_t errlen)
{
	const unsigned char *img = elf;
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strsh;
	size_t i;

	memset(mi, 0, sizeof(*mi));
	if (size < sizeof(eh) || memcmp(img, ELFMAG, SELFMAG)) {
		error_msg(err, errlen, "not an ELF file");
		return -ENOEXEC;
	}
	memcpy(&eh, img, sizeof(eh));
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB) {
		error_msg(err, errlen, "not a 64-bit little-endian ELF file");
		return -ENOEXEC;
	}
	if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > size ||
	    eh.e_shnum > (size - eh.e_shoff) / sizeof(Elf64_Shdr) ||
	    eh.e_shstrndx >= eh.e_shnum) {
		error_msg(err, errlen, "ELF section headers out of the file");
		return -EINVAL;
	}
	memcpy(&strsh, img + eh.e_shoff + eh.e_shstrndx * sizeof(sh), sizeof(sh));
	if (strsh.sh_offset > size || strsh.sh_size > size - strsh.sh_offset) {
		error_msg(err, errlen, "ELF section names out of the file");
		return -EINVAL;
	}
	for (i = 0; i < eh.e_shnum; i++) {
		const char *name;

		memcpy(&sh, img + eh.e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_name >= strsh.sh_size)
			continue;
		name = (const char *)img + strsh.sh_offset + sh.sh_name;
		if (strnlen(name, strsh.sh_size - sh.sh_name) ==
		    strsh.sh_size - sh.sh_name || strcmp(name, ".modinfo"))
			continue;
		if (sh.sh_type == SHT_NOBITS || sh.sh_offset > size ||
		    sh.sh_size > size - sh.sh_offset) {
			error_msg(err, errlen, ".modinfo out of the file");
			return -EINVAL;
		}
		mi->data = malloc(sh.sh_size + 1);
		if (!mi->data)
			return -ENOMEM;
		memcpy(mi->data, img + sh.sh_offset, sh.sh_size);
		mi->data[sh.sh_size] = '\0';
		mi->len = sh.sh_size;
		return 0;
	}
	error_msg(err, errlen, "no .modinfo section: not a kernel module");
	return -ENOEXEC;
}

int modinfo_read(const char *path, struct modinfo *mi, char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int ret;

	memset(mi, 0, sizeof(*mi));
	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = modinfo_parse(buf, len, mi, err, errlen);
	if (ret)
		error_msg_prefix(err, errlen, path);
	free(buf);
	return ret;
}

void modinfo_free(struct modinfo *mi)
{
	free(mi->data);
	memset(mi, 0, sizeof(*mi));
}

const char *modinfo_get(const struct modinfo *mi, const char *key)
{
	size_t klen = strlen(key), pos = 0;

	while (pos < mi->len) {
		const char *s = mi->data + pos;
		size_t n = strlen(s);	/* data[len] is a NUL */

		if (n > klen && !memcmp(s, key, klen) && s[klen] == '=')
			return s + klen + 1;
		pos += n + 1;
	}
	return NULL;
}

bool modinfo_has_param(const struct modinfo *mi, const char *name)
{
	size_t nlen = strlen(name), pos = 0;

	while (pos < mi->len) {
		const char *s = mi->data + pos, *v = NULL;
		size_t n = strlen(s);

		if (!strncmp(s, "parmtype=", 9))
			v = s + 9;
		else if (!strncmp(s, "parm=", 5))
			v = s + 5;
		if (v && !strncmp(v, name, nlen) && v[nlen] == ':')
			return true;
		pos += n + 1;
	}
	return false;
}

void modinfo_vermagic_release(const char *vermagic, char *buf, size_t len)
{
	size_t n = strcspn(vermagic, " ");

	snprintf(buf, len, "%.*s", (int)n, vermagic);
}
