// zlib, for deflating a backup's document on a thread of its own (TallyJSON's BackupZipWriter).
#include <zlib.h>
