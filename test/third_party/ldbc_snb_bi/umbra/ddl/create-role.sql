alter role postgres with superuser login password 'mysecretpassword';
