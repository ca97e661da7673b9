a a b c c *
* a b b c c
b b * b c c
e e b b * c
f * e e f c
f f f * f f
