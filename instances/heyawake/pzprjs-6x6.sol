#  b2 #  c2 c  #
a  b  b  #  c  d
#  b  #  c  #  d
e  e  e  e  e  d
f  #  f  #  g  #
f  f  #  g  g  h
