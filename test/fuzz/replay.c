/* replay.c — run a fuzz target over files (regression for kept crashers). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
main(int argc, char **argv)
{
	int			i,
				n = 0;

	for (i = 1; i < argc; i++)
	{
		FILE	   *f = fopen(argv[i], "rb");
		long		len;
		uint8_t    *buf;

		if (!f)
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		fseek(f, 0, SEEK_SET);
		buf = malloc((size_t) len + 1);
		if (fread(buf, 1, (size_t) len, f) == (size_t) len)
		{
			LLVMFuzzerTestOneInput(buf, (size_t) len);
			n++;
		}
		free(buf);
		fclose(f);
	}
	printf("replayed %d inputs\n", n);
	return 0;
}
