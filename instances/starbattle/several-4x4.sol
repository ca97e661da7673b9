a * c d
a b c *
* b c d
a b * d

a b * d
* b c d
a b c *
a * c d
