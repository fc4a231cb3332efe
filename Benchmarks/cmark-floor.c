/*
 * The rendering floor of notes: reads Markdown files and renders each with libcmark, nothing
 * else.
 *
 * Usage: cmark-floor PATH...
 *
 * Each PATH is a file, or a folder whose `.md` files are read (its subfolders too; names that
 * start with `.` are skipped, as FilmSite skips them). Each file is read whole, its front
 * matter is stripped (when the first line is `+++`, everything up to and including the next
 * `+++` line; trailing spaces, tabs and a carriage return are allowed on those lines, as
 * FilmSite allows them) and the body is rendered with cmark_markdown_to_html and
 * CMARK_OPT_SAFE (safe mode is libcmark's default since 0.29; the flag is kept for older
 * versions), the library and mode FilmSite renders notes with. Each result is freed before
 * the next file.
 *
 * Prints one line: `notes=… markdown=… html=… cmark=…`, the files rendered, the bytes of their
 * bodies and of the HTML, and libcmark's version. It is timed from outside, like a build.
 */
#define _GNU_SOURCE
#include <cmark.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct totals {
  size_t notes;
  size_t markdown;
  size_t html;
};

static void fail(const char *what, const char *path) {
  fprintf(stderr, "cmark-floor: %s %s: %s\n", what, path, strerror(errno));
  exit(1);
}

static char *read_whole(const char *path, size_t *length) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat info;
  if (fd < 0 || fstat(fd, &info) != 0) fail("cannot open", path);
  char *buffer = malloc((size_t)info.st_size + 1);
  if (buffer == NULL) fail("out of memory reading", path);
  size_t done = 0;
  while (done < (size_t)info.st_size) {
    ssize_t n = read(fd, buffer + done, (size_t)info.st_size - done);
    if (n <= 0) fail("cannot read", path);
    done += (size_t)n;
  }
  close(fd);
  buffer[done] = '\0';
  *length = done;
  return buffer;
}

/* Whether the line from `line` to `end` (its newline excluded) is `+++` with trailing blanks. */
static int is_fence(const char *line, const char *end) {
  while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
  return end - line == 3 && memcmp(line, "+++", 3) == 0;
}

/* Where the body of `text` starts: after the closing `+++` line when the first line opens front
   matter, else at the start. Stops the program when the front matter never closes. */
static const char *body_of(const char *text, size_t length, const char *path) {
  const char *end = text + length;
  const char *line = text;
  for (int number = 0; line < end || number == 0; number++) {
    const char *line_end = memchr(line, '\n', (size_t)(end - line));
    if (line_end == NULL) line_end = end;
    int fence = is_fence(line, line_end);
    if (number == 0 && !fence) return text;
    if (number > 0 && fence) return line_end < end ? line_end + 1 : end;
    if (line_end == end) break;
    line = line_end + 1;
  }
  fprintf(stderr, "cmark-floor: %s: the front matter is never closed\n", path);
  exit(1);
}

static void render(const char *path, struct totals *totals) {
  size_t length;
  char *text = read_whole(path, &length);
  const char *body = body_of(text, length, path);
  size_t body_length = (size_t)(text + length - body);
  char *html = cmark_markdown_to_html(body, body_length, CMARK_OPT_SAFE);
  if (html == NULL) {
    fprintf(stderr, "cmark-floor: cmark rendered nothing for %s\n", path);
    exit(1);
  }
  totals->notes++;
  totals->markdown += body_length;
  totals->html += strlen(html);
  free(html);
  free(text);
}

static int has_suffix(const char *name, const char *suffix) {
  size_t n = strlen(name), s = strlen(suffix);
  return n >= s && strcmp(name + n - s, suffix) == 0;
}

static void walk(const char *path, struct totals *totals) {
  struct stat info;
  if (stat(path, &info) != 0) fail("cannot read", path);
  if (!S_ISDIR(info.st_mode)) {
    render(path, totals);
    return;
  }
  DIR *folder = opendir(path);
  if (folder == NULL) fail("cannot open", path);
  struct dirent *entry;
  errno = 0;
  while ((entry = readdir(folder)) != NULL) {
    if (entry->d_name[0] == '.') continue;
    char *child;
    if (asprintf(&child, "%s/%s", path, entry->d_name) < 0) fail("out of memory for", path);
    if (stat(child, &info) != 0) fail("cannot read", child);
    if (S_ISDIR(info.st_mode))
      walk(child, totals);
    else if (S_ISREG(info.st_mode) && has_suffix(entry->d_name, ".md"))
      render(child, totals);
    free(child);
    errno = 0;
  }
  if (errno != 0) fail("cannot list", path);
  closedir(folder);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: cmark-floor PATH...\n");
    return 2;
  }
  struct totals totals = {0, 0, 0};
  for (int i = 1; i < argc; i++) walk(argv[i], &totals);
  printf("notes=%zu markdown=%zu html=%zu cmark=%s\n", totals.notes, totals.markdown, totals.html,
         cmark_version_string());
  return 0;
}
