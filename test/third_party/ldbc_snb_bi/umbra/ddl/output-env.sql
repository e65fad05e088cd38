
show debug.buffersize;
show debug.usedirectio;
