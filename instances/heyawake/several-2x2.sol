# a
a a

a1 #
a  a

a1 a
#  a

a1 a
a  #
