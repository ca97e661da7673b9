# a
a a

a #
a a

a a
# a

a a
a #

a a
a a
