/// Hand-written valid documents for the differential test: the corners of TOML 1.0 that a
/// random generator reaches rarely.
enum ValidCorpus {
  static let classics: [String] = [
    "", "\n\n", "# only a comment", "# comment\r\n\r\n", "a = 1", "a = 1 # comment", "a=1#c",
    "\"\" = 1", "'' = 2", "\"a.b\" = 1\na.b = 2", "\"é\" = 'é'",
    "\"é\" = 1\n\"e\u{301}\" = 2", "1234 = 1\n-_- = 2\ntrue = 3\ninf = 4", "3.14 = 'pi'",
    "a . b . c = 1\na . d = 2", "site.\"name\".'x' = 1",
    // Tables, in and out of order.
    "[a.b.c]\n[a]\nb.d = 1", "a.b = 1\n[a.c]\nd = 2", "[a.b]\nc = 1\n[a]\nd = 2",
    "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
    "[ a . b ]\n[ 'c' ]", "[a]\n[b]\n[a.c]",
    // Arrays of tables.
    "[[a]]\n[[a]]\nb = 1", "[[a]]\n[a.b]\nc = 1\n[[a]]\n[a.b]\nc = 2", "[[a.b]]\n[a]\nc = 1",
    "[[fruits]]\nname = 'apple'\n[fruits.physical]\ncolor = 'red'\n[[fruits.varieties]]\n"
      + "name = 'red delicious'\n[[fruits]]\nname = 'banana'\n[[fruits.varieties]]\nname = 'plantain'",
    "[[ a ]]\n[[ a ]]",
    // Inline tables and arrays.
    "a = {}", "a = { b = 1, c.d = 2, c.e = 3 }", "a = { b = { c = [ { d = 1 } ] } }",
    "a = [1, 'x', [2, [3]], {b = 4}, 1979-05-27, 1.5]", "a = [\n1,\n2, # two\n]\n",
    "a = [ # c\n]", "a = [[], [[]], {}]", "a = { s = \"\"\"x\ny\"\"\" }",
    "a = { b = [\n1,\n2\n] }",
    // Strings.
    "a = \"\"\"\"\"\"", "a = \"\"\"\"\"\"\"\"", "a = \"\"\"\"a\"\"\"\"", "a = ''''''",
    "a = '''''a'''''", "a = \"\"\"\nx\"\"\"", "a = \"\"\"\r\nx\"\"\"",
    "a = \"\"\"\\\n  \n  x\"\"\"",
    "a = \"\"\"x\\   \r\n   y\"\"\"", "a = \"\\u00E9\\U0001F3AC\\b\\t\\n\\f\\r\\\"\\\\\"",
    "a = 'C:\\\\path\\n'", "a = \"tab\there\"", "a = '''\ttab'''", "a = \"\\u0000\"",
    "a = \"\\uFFFF \\U0010FFFF \\uE000\"",
    // Numbers.
    "a = -0\nb = +0\nc = -0.0\nd = +0.0", "a = 0x00ff_FF\nb = 0o0_7\nc = 0b1_0", "a = 1e06",
    "a = 9223372036854775807\nb = -9223372036854775808", "a = 0x7FFFFFFFFFFFFFFF",
    "a = 1_000.000_1e1_0", "a = -inf\nb = +nan\nc = nan", "a = 1e-400\nb = 1e400",
    "a = 0.1\nb = 0.30000000000000004\nc = 9007199254740993.0",
    // Date-times.
    "a = 1979-05-27T07:32:00Z\nb = 1979-05-27t07:32:00z", "a = 1979-05-27 07:32:00",
    "a = 1979-05-27T00:32:00.999999-07:00", "a = 1979-05-27T00:32:00.1234567891+23:59",
    "a = 2000-02-29\nb = 2024-02-29\nc = 0001-01-01\nd = 9999-12-31", "a = 07:32:00.5",
    "a = [1979-05-27 07:32:00, 1979-05-27 ,07:32:00]", "a = 1979-05-27 # date",
  ]
}
